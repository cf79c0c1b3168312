extension ExampleServer {
    /// How many heartbeat parts (`{}`) the server's multipart subscriptions have sent, over
    /// all of them: one right after each response's head, then one every
    /// ``Configuration/multipartHeartbeatInterval``.
    public var multipartHeartbeatCount: Int {
        services.multipartHeartbeats.count
    }

    /// Returns as soon as ``multipartHeartbeatCount`` reaches `count`: at once if it has,
    /// otherwise right after the heartbeat that makes it so (no polling); early when the
    /// calling task is cancelled.
    public func waitForMultipartHeartbeats(atLeast count: Int) async {
        await services.multipartHeartbeats.wait(atLeast: count)
    }
}
