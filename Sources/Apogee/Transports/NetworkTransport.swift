import ApogeeAPI

/// The end of every interceptor chain: sends one operation and returns its results as they
/// arrive.
///
/// A transport speaks GraphQL, not just HTTP: it writes the request in its protocol, reads the
/// responses, and decodes each into the operation's `Data`. A query or a mutation gets a stream
/// of one result; a subscription gets one result per event until the server completes it.
/// Reading the stream drives the operation, and stopping (or cancelling the reading task)
/// stops it on the server.
///
/// Apogee has three:
/// - ``HTTPNetworkTransport``: queries and mutations over HTTP through an ``HTTPTransport``,
///   and subscriptions over the same HTTP with server-sent events (GraphQL over SSE);
/// - ``GraphQLWebSocketTransport``: every kind of operation over one WebSocket
///   (graphql-transport-ws);
/// - ``SplitNetworkTransport``: subscriptions to one transport, the rest to another.
///
/// A new transport conforms to this protocol in a folder of its own under `Transports/`, and
/// the client takes it as `ApogeeClient(url:networkTransport:)` or as its
/// `subscriptionTransport`.
public protocol NetworkTransport: Sendable {
    /// Sends the request and returns its results. Throws when the operation cannot start
    /// (no connection, an HTTP error); failures after the first result end the stream.
    func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
}
