/// The Server-Sent Events subscriptions running now, so that shutdown can end them instead of
/// waiting for clients that never leave.
final class EventStreams: Sendable {
    private let running = Locked<[String: SourceLifetime]>([:])

    func add(_ lifetime: SourceLifetime, id: String) {
        running.withLock { $0[id] = lifetime }
    }

    func remove(id: String) {
        running.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Stops every running source; each stream then sends `complete` and ends its response.
    func stopAll() {
        for lifetime in running.withLock({ Array($0.values) }) { lifetime.stop() }
    }
}
