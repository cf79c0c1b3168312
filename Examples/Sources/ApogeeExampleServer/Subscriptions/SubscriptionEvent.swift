/// How a subscription reached the server.
public enum SubscriptionTransportKind: Sendable, Equatable {
    /// graphql-transport-ws over a WebSocket.
    case webSocket
    /// GraphQL over Server-Sent Events, distinct connections mode (one request per operation).
    case serverSentEvents
    /// Apollo's multipart subscriptions over HTTP (`subscriptionSpec=1.0`), one request per
    /// subscription.
    case multipartHTTP
}

/// Something that happened on a streaming connection, recorded in order so that tests wait
/// for what they need (``ExampleServer/waitForSubscriptionEvents(_:)``) instead of the clock.
///
/// Connections are numbered from 1 per server; Server-Sent Events requests have no connection
/// (`nil`) and a generated operation id (`sse-1`, `sse-2`…), and so do multipart subscriptions
/// (`multipart-1`, `multipart-2`…).
public enum SubscriptionEvent: Sendable, Equatable {
    /// A graphql-transport-ws socket was upgraded.
    case socketOpened(connection: Int)
    /// The server answered `connection_init` with `connection_ack`.
    case connectionAcknowledged(connection: Int)
    /// An operation started: its source stream exists (so an event published from now on
    /// reaches it). Recorded for queries and mutations too, which then complete at once.
    case subscribed(connection: Int?, id: String, operationName: String?, transport: SubscriptionTransportKind)
    /// The client stopped an operation (`complete` message, or closed its SSE request) and
    /// its source has stopped.
    case completedByClient(connection: Int?, id: String)
    /// The operation's results ended and the server sent `complete` (or the SSE `complete` event).
    case completedByServer(connection: Int?, id: String)
    /// A graphql-transport-ws `ping` message arrived (whether or not the server answered it).
    case pingReceived(connection: Int)
    /// A graphql-transport-ws `pong` message arrived.
    case pongReceived(connection: Int)
    /// A socket closed, after every operation on it stopped. `code` is the close code the
    /// server sent, `nil` when the client closed first or the connection dropped.
    case socketClosed(connection: Int, code: UInt16?)
}
