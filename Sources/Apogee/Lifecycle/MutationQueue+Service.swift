import ServiceLifecycle

extension MutationQueue: Service {
    /// Runs the queue as a service of a `ServiceGroup`: restores and delivers what storage holds,
    /// delivers what is queued until the group shuts down gracefully (on SIGTERM, for example)
    /// or the task is cancelled, and then stops as ``stop()`` does.
    ///
    /// Nothing queued is lost to the shutdown: a request in flight is cancelled and its mutation
    /// stays in storage, to be sent again with the same idempotency key by the next run; over
    /// shared storage the worker gives its claim back, so another process takes the mutation
    /// over at once instead of after the lease.
    ///
    /// ```swift
    /// let group = ServiceGroup(services: [app, queue], gracefulShutdownSignals: [.sigterm], logger: logger)
    /// try await group.run()
    /// ```
    /// - Throws: What ``start()`` throws.
    public nonisolated func run() async throws {
        try await start()
        // Returns on graceful shutdown and throws on cancellation: either way the queue stops.
        try? await gracefulShutdown()
        await stop()
    }
}
