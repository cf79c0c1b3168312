import Hummingbird
import NIOCore

/// The request context of the example server's routes: Hummingbird's basics plus the
/// connection's channel, through which a Server-Sent Events response learns that the client
/// went away.
struct ExampleRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = CoreRequestContextStorage(source: source)
        self.channel = source.channel
    }
}
