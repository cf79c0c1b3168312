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
/// `subscriptionTransport`. It writes the request's ``GraphQLRequest/body`` with
/// ``GraphQLRequestBody/jsonBytes()``, or with
/// ``GraphQLRequestBody/multipartBody(uploadProgress:boundary:)`` when it
/// ``GraphQLRequestBody/containsUploads``, and reads each response with
/// ``GraphQLResult/init(decodingResponse:metadata:)``, passing what it knows of the exchange
/// (an HTTP head, body sizes) as ``ResponseMetadata``. A result decoded so keeps the server's
/// JSON, which the store normalizes as it is:
///
/// ```swift
/// struct LoopbackTransport: NetworkTransport {
///     let server: @Sendable ([UInt8]) async throws -> [UInt8]
///
///     func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
///         let sent = request.body.jsonBytes()
///         let received = try await server(sent)
///         let metadata = ResponseMetadata(bodySizes: .init(sent: sent.count, received: received.count))
///         return GraphQLResultStream(result: try GraphQLResult(decodingResponse: received, metadata: metadata))
///     }
/// }
/// ```
public protocol NetworkTransport: Sendable {
    /// Sends the request and returns its results. Throws when the operation cannot start
    /// (no connection, an HTTP error); failures after the first result end the stream.
    func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>

    /// The HTTP transport that sends this transport's queries and mutations, when it sends
    /// them over HTTP; ``ApogeeClient/transport`` reports it. `nil` by default.
    var httpTransport: (any HTTPTransport)? { get }

    /// Releases what the transport holds (connections, a socket, threads it made), ending
    /// whatever still runs on it. Resources the transport was given rather than made, such
    /// as a shared `HTTPClient`, stay as they are. Nothing by default.
    func shutdown() async throws
}

extension NetworkTransport {
    /// No HTTP transport: the operations go some other way.
    public var httpTransport: (any HTTPTransport)? { nil }

    /// Nothing to release.
    public func shutdown() async throws {}
}
