import ServiceLifecycle

extension ApogeeClient: Service {
    /// Keeps the client usable while its `ServiceGroup` runs, and shuts it down as
    /// ``shutdown()`` does when the group shuts down gracefully or the task is cancelled.
    ///
    /// List the client before the services that use it, such as its ``MutationQueue``: a group
    /// shuts its services down in reverse order, so the queue stops before the client's
    /// transports close.
    /// - Throws: What ``shutdown()`` throws.
    public func run() async throws {
        try? await gracefulShutdown()
        try await shutdown()
    }
}
