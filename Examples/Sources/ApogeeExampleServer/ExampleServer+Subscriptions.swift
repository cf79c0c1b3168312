extension ExampleServer {
    /// Everything that happened on streaming connections (WebSockets and Server-Sent Events),
    /// in order.
    public var subscriptionEvents: [SubscriptionEvent] {
        services.subscriptions.events
    }

    /// How many subscriptions have a source that is still running, over both transports.
    /// A subscription stops counting once its source has stopped, before the event that
    /// records its end (`completedByClient`, `completedByServer` or `socketClosed`).
    public var activeSubscriptionCount: Int {
        services.subscriptions.activeCount
    }

    /// Returns as soon as `condition` holds on ``subscriptionEvents``: at once if it already
    /// does, otherwise right after the event that makes it true (checked on every event; no
    /// polling). Returns early when the calling task is cancelled, so wrap it in a timeout of
    /// your own if the event may never come. The condition runs under the record's lock: it
    /// reads its argument, never the server (``activeSubscriptionCount`` would deadlock; wait
    /// with ``waitForActiveSubscriptions(_:)`` instead).
    ///
    /// ```swift
    /// await server.waitForSubscriptionEvents { $0.contains(.connectionAcknowledged(connection: 1)) }
    /// ```
    public func waitForSubscriptionEvents(_ condition: @escaping @Sendable ([SubscriptionEvent]) -> Bool) async {
        await services.subscriptions.wait { events, _ in condition(events) }
    }

    /// How many WebSockets clients opened (counted even when events are not recorded).
    public var openedSocketCount: Int {
        services.subscriptions.openedSocketCount
    }

    /// Returns as soon as exactly `count` subscriptions have a running source (see
    /// ``activeSubscriptionCount``): at once if they do, otherwise right after the start or the
    /// stop that makes it so; early when the calling task is cancelled.
    public func waitForActiveSubscriptions(_ count: Int) async {
        await services.subscriptions.wait { _, activeCount in activeCount == count }
    }

    /// Adds `by` to a counter of the live schema, as the `increment` mutation does, and
    /// announces it to `counterChanged` subscribers: an event without a client.
    public func incrementCounter(_ id: String, by: Int = 1) async {
        counterStore.increment(id: id, by: by)
    }
}
