extension GraphQLWebSocketTransport {
    /// Where the transport's connection stands.
    ///
    /// Events the server sends while the transport is ``reconnecting(attempt:)`` are lost:
    /// a screen that must not miss any refetches what it shows once ``connected`` comes back.
    public enum ConnectionState: Sendable, Hashable {
        /// No socket, and none wanted: no subscription is running.
        case idle
        /// Opening the socket and waiting for `connection_ack`, for the first time since idle.
        case connecting
        /// Acknowledged: subscriptions are running.
        case connected
        /// The connection was lost; this attempt is under way or waiting out its backoff.
        case reconnecting(attempt: Int)
        /// Closed for good by the server or by a protocol failure; the subscriptions that
        /// were running got the error. A new subscription connects again.
        case closed(SubscriptionError)
    }
}
