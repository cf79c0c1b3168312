/// One HTTP request the server received, as tests see it.
public struct RecordedRequest: Sendable, Hashable {
    /// `GET` or `POST` (or whatever the client sent).
    public let method: String
    /// The path, such as `/graphql` or `/todo/graphql`.
    public let path: String
    /// The headers, names lowercased; a repeated header's values are joined with `", "`.
    public let headers: [String: String]
    /// The request's `operationName`, when it could be read; `nil` for a batch.
    public let operationName: String?
    /// For a batch (a JSON array of operations), each operation's `operationName`, in the
    /// order sent; `nil` for a request of one operation.
    public let batchedOperationNames: [String?]?
    /// The body as received (empty for GET). For a multipart upload, only its `operations`
    /// field, so recording a large file costs no memory; the files are in ``ExampleServer/receivedUploads``.
    public let body: [UInt8]
    /// Whether a scripted fault answered it instead of the GraphQL endpoint.
    public let wasFaulted: Bool
    /// The HTTP version the request came over.
    public let httpVersion: HTTPVersion

    /// The HTTP versions the server speaks.
    public enum HTTPVersion: Sendable, Hashable {
        /// HTTP/1.1, over plain TCP or TLS.
        case http1_1
        /// HTTP/2, which a server with a TLS identity offers through ALPN.
        case http2
    }

    /// Whether the request was a batch of operations.
    public var isBatch: Bool { batchedOperationNames != nil }

    /// The value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
