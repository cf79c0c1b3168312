import ServiceLifecycle

extension GraphQLWebSocketTransport: Service {
    /// Keeps the transport open while its `ServiceGroup` runs, and closes it as ``close()`` does
    /// when the group shuts down gracefully or the task is cancelled: the server gets a
    /// `complete` for every live subscription before the socket closes.
    ///
    /// The transport connects when a subscription first needs it, as it does outside a group.
    public nonisolated func run() async throws {
        try? await gracefulShutdown()
        await close()
    }
}
