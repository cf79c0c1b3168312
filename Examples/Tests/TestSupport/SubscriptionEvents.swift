import ApogeeExampleServer
import Foundation

extension URL {
    /// The same URL with `ws` for `http` (and `wss` for `https`).
    public var webSocketURL: URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
        components?.scheme = scheme == "https" ? "wss" : "ws"
        return components?.url ?? self
    }
}

extension ExampleServer {
    /// The ids of the subscriptions the server saw a client complete.
    public var idsCompletedByClient: [String] {
        subscriptionEvents.compactMap { if case .completedByClient(_, let id) = $0 { id } else { nil } }
    }
}
