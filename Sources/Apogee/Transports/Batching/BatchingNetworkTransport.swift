import ApogeeAPI
import Foundation
import HTTPTypes

/// Sends queries and mutations issued close together as one HTTP request: a `POST` whose
/// body is a JSON array of operations, answered by an array of results in the same order
/// (Apollo Server's batch format). Each caller gets its own result.
///
/// ```swift
/// let batching = BatchingNetworkTransport(configuration: .init(window: .milliseconds(5), maximumBatchSize: 10))
/// let client = ApogeeClient(url: endpoint, networkTransport: batching)
/// ```
///
/// An operation waits at most ``Configuration/window`` for others to join it; a batch leaves
/// as soon as it holds ``Configuration/maximumBatchSize``. Operations join the same batch only
/// when they go to the same URL with the same header fields, so an operation with its own
/// credentials never rides with another's. Mutations keep their order inside a batch, which a
/// server runs in order. An operation alone when its window ends is sent as a plain request.
/// Never batched: subscriptions, uploads, `GET` requests (persisted queries) and mutations
/// with an `Idempotency-Key`, which names one mutation, not a batch; they go through the
/// wrapped ``HTTPNetworkTransport``.
///
/// A batch the server refuses as a whole (an error status) fails each of its operations with
/// that ``ApogeeError/httpStatus(_:bodyExcerpt:)``; an answer that is not an array of one result
/// per operation fails each with ``ApogeeError/invalidResponse(_:httpResponse:bodyExcerpt:)``.
public struct BatchingNetworkTransport: NetworkTransport {
    /// When a batch leaves.
    public struct Configuration: Sendable {
        /// How long the first operation of a batch waits for others. A few milliseconds.
        public var window: Duration
        /// The most operations in one batch; a full batch leaves at once.
        public var maximumBatchSize: Int

        /// Creates a configuration: by default a 5 ms window and at most 10 operations.
        public init(window: Duration = .milliseconds(5), maximumBatchSize: Int = 10) {
            self.window = window
            self.maximumBatchSize = max(1, maximumBatchSize)
        }
    }

    /// Sends the operations that are not batched, and subscriptions.
    public let unbatched: HTTPNetworkTransport
    /// When a batch leaves.
    public let configuration: Configuration
    private let batcher: RequestBatcher

    /// Creates a transport that batches over `transport`.
    public init(transport: any HTTPTransport = platformDefaultHTTPTransport(), configuration: Configuration = Configuration()) {
        self.init(unbatched: HTTPNetworkTransport(transport: transport), configuration: configuration)
    }

    /// Creates a transport that batches over the HTTP transport of `unbatched`, which sends
    /// what is not batched (subscriptions as server-sent events, with its settings).
    public init(unbatched: HTTPNetworkTransport, configuration: Configuration = Configuration()) {
        self.unbatched = unbatched
        self.configuration = configuration
        batcher = RequestBatcher(transport: unbatched.transport, configuration: configuration)
    }

    /// The HTTP transport that sends every request.
    public var transport: any HTTPTransport { unbatched.transport }

    /// The HTTP transport that sends every request, batched or not.
    public var httpTransport: (any HTTPTransport)? { transport }

    /// Shuts the HTTP transport down.
    public func shutdown() async throws {
        try await unbatched.shutdown()
    }

    /// Sends a request of one result in a batch when it can go in one, and anything else alone.
    public func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        guard request.delivery == .single else { return try await unbatched.send(request) }
        let httpRequest = try request.httpRequest()
        guard Self.canBatch(httpRequest) else { return try await unbatched.send(request) }
        switch try await batcher.submit(httpRequest) {
        case .alone(let response):
            let result = try GraphQLResult<Operation.Data>(decoding: try response.graphQLBody(), metadata: ResponseMetadata(httpResponse: response.head))
            return GraphQLResultStream(result: result)
        case .inBatch(let body, let head):
            return GraphQLResultStream(result: try GraphQLResult<Operation.Data>(decoding: body, metadata: ResponseMetadata(httpResponse: head)))
        }
    }

    /// Whether a request can share a batch: a `POST` of JSON held in memory, without an
    /// `Idempotency-Key`.
    static func canBatch(_ request: HTTPTransportRequest) -> Bool {
        request.method == .post && request.body.data != nil && request.headers[.idempotencyKey] == nil
            && request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true
    }
}
