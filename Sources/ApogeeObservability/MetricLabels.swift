/// The names under which ``MetricsInterceptor``, ``AttemptMetricsInterceptor``,
/// ``WebSocketConnectionMetrics`` and ``MutationQueueMetrics`` record, so that they fit a backend's naming rules.
///
/// Each name is the prefix, a dot, and the metric's own name: `apogee.graphql.requests` by
/// default. A backend that wants other separators (Prometheus takes `_`) gets them from its
/// own factory's label sanitizing, or from names set here one by one.
public struct MetricLabels: Sendable, Hashable {
    /// Operations started: one per operation, however often it is retried.
    public var requests: String
    /// Results without GraphQL errors (every event of a subscription counts).
    public var dataResults: String
    /// Results with GraphQL errors, partial data or none.
    public var graphQLErrorResults: String
    /// Operations that failed without a GraphQL result: no response, an HTTP error status, a
    /// response that is not GraphQL, data that does not decode.
    public var transportErrors: String
    /// Operations that ended because the caller cancelled them.
    public var cancellations: String
    /// A timer: from sending an operation to its result or failure (for a subscription, to
    /// its first event), retries and their backoff included.
    public var duration: String
    /// Attempts after the first, made by `RetryInterceptor`.
    public var retries: String
    /// HTTP request body bytes sent.
    public var bytesSent: String
    /// HTTP response body bytes received.
    public var bytesReceived: String
    /// A gauge: the WebSocket connection's state as a number (see ``WebSocketConnectionMetrics``).
    public var connectionState: String
    /// Reconnection attempts of a WebSocket transport.
    public var reconnects: String
    /// Mutations queued in a durable queue.
    public var queueEnqueued: String
    /// Attempts a durable queue began: the first of each mutation and every retry.
    public var queueAttempts: String
    /// Attempts of a durable queue that failed for now, to be tried again after a backoff.
    public var queueRetries: String
    /// Queued mutations the server answered.
    public var queueDelivered: String
    /// Queued mutations given up without a GraphQL answer.
    public var queueGiveUps: String
    /// Queued mutations cancelled before they were sent.
    public var queueCancellations: String
    /// A gauge: the mutations pending in a queue's storage (over shared storage, the fleet's).
    public var queueDepth: String
    /// A gauge: how long, in seconds, the oldest pending mutation has waited; 0 when none waits.
    public var queueOldestPendingAge: String

    /// Names under `prefix`, `apogee.graphql` by default.
    public init(prefix: String = "apogee.graphql") {
        requests = "\(prefix).requests"
        dataResults = "\(prefix).results.data"
        graphQLErrorResults = "\(prefix).results.graphql_errors"
        transportErrors = "\(prefix).failures.transport"
        cancellations = "\(prefix).failures.cancelled"
        duration = "\(prefix).duration"
        retries = "\(prefix).retries"
        bytesSent = "\(prefix).bytes.sent"
        bytesReceived = "\(prefix).bytes.received"
        connectionState = "\(prefix).websocket.state"
        reconnects = "\(prefix).websocket.reconnects"
        queueEnqueued = "\(prefix).queue.enqueued"
        queueAttempts = "\(prefix).queue.attempts"
        queueRetries = "\(prefix).queue.retries"
        queueDelivered = "\(prefix).queue.delivered"
        queueGiveUps = "\(prefix).queue.give_ups"
        queueCancellations = "\(prefix).queue.cancelled"
        queueDepth = "\(prefix).queue.depth"
        queueOldestPendingAge = "\(prefix).queue.oldest_pending_age_seconds"
    }
}
