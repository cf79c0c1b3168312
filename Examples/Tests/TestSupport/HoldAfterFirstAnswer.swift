import Apogee
import ApogeeExampleServer
import Synchronization

/// A queue's observer that closes the server's hold on mutations when the queue reports its
/// first delivered answer, before the queue settles it and sends the next: the next mutation
/// stays in flight until the test calls `server.releaseMutations()`.
public final class HoldAfterFirstAnswer: MutationQueueObserver {
    private let server: ExampleServer
    private let held = Mutex(false)

    /// Holds `server`'s mutations after the first answer the queue reports.
    public init(server: ExampleServer) {
        self.server = server
    }

    /// Closes the hold at the first delivery.
    public func observe(_ event: MutationQueueEvent) {
        guard event.kind == .delivered, held.withLock({ held in
            defer { held = true }
            return !held
        }) else { return }
        server.holdMutations()
    }
}
