import ApogeeAPI

/// Sends the SHA-256 hash of the document instead of the document, and the document only when
/// the server does not know the hash yet (automatic persisted queries).
///
/// The first request carries `extensions.persistedQuery` (`version` 1 and `sha256Hash`) and no
/// `query`. A server that answers `PersistedQueryNotFound` gets the request again with the
/// document and the hash, and keeps the document for next time; a server that answers
/// `PersistedQueryNotSupported` gets the plain request. Requests with file uploads are sent
/// whole, never by hash alone, and so are subscriptions, whose streams may already be open on a
/// socket when the server says it does not know the hash. With ``useGETForHashedQueries``,
/// hashed queries go as `GET`, which HTTP caches and CDNs can keep.
public struct AutomaticPersistedQueryInterceptor: GraphQLStreamInterceptor {
    /// Whether queries sent by hash use `GET`. Mutations always use `POST`.
    public let useGETForHashedQueries: Bool

    /// Creates the interceptor.
    public init(useGETForHashedQueries: Bool = false) {
        self.useGETForHashedQueries = useGETForHashedQueries
    }

    /// Sends the hash, and the document too when the server asks for it.
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        // A request with files always carries its document: sent by hash alone, it could be
        // answered `PersistedQueryNotFound` and its files would have to be sent twice. The
        // subscription protocols (graphql-transport-ws, GraphQL over SSE) have no exchange of
        // hashes, so a subscription always carries its document too.
        guard !request.body.containsUploads, request.delivery != .subscription else { return try await next(request) }
        let persistedQuery: JSONValue = ["version": 1, "sha256Hash": .string(Operation.operationIdentifier)]
        var hashed = request
        hashed.body.query = nil
        hashed.body.extensions["persistedQuery"] = persistedQuery
        if useGETForHashedQueries, Operation.operationType == .query {
            hashed.method = .get
        }
        let (first, stream) = try await next(hashed).withFirstResult()
        switch first.flatMap(Self.persistedQueryError(in:)) {
        case .notFound?:
            var full = request
            full.body.extensions["persistedQuery"] = persistedQuery
            return try await next(full)
        case .notSupported?:
            return try await next(request)
        case nil:
            return stream
        }
    }

    private enum PersistedQueryError {
        case notFound
        case notSupported
    }

    /// Servers name these errors by message (Apollo Server's original protocol) or by code.
    private static func persistedQueryError<Data>(in result: GraphQLResult<Data>) -> PersistedQueryError? {
        guard result.data == nil, let errors = result.errors else { return nil }
        for error in errors {
            if error.message == "PersistedQueryNotFound" || error.code == "PERSISTED_QUERY_NOT_FOUND" { return .notFound }
            if error.message == "PersistedQueryNotSupported" || error.code == "PERSISTED_QUERY_NOT_SUPPORTED" { return .notSupported }
        }
        return nil
    }
}

/// It waits for nothing but the attempts it sends down the chain.
extension AutomaticPersistedQueryInterceptor: KeepsRequestDeadline {}
