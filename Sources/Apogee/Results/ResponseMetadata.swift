import HTTPTypes

/// What the transport knew about the exchange that carried a result: the HTTP head, what it
/// says about caching, and how many bytes went each way.
///
/// Transports fill it in; the layers above read it from ``GraphQLResult/metadata``: the store
/// write honours ``cacheControl`` (with ``ApogeeClient/Configuration/usesServerCacheControl``),
/// and metrics count ``bodySizes``. A transport of its own fills in what it knows:
///
/// ```swift
/// let metadata = ResponseMetadata(httpResponse: head, bodySizes: .init(sent: sent.count, received: body.count))
/// let result = try GraphQLResult<Operation.Data>(decodingResponse: body, metadata: metadata)
/// ```
public struct ResponseMetadata: Sendable, Hashable {
    /// The HTTP response's status and header fields; `nil` when no HTTP response carried the
    /// result (a WebSocket message, the store).
    public var httpResponse: HTTPResponse?
    /// The sizes of the request and response bodies, when one exchange produced this one result.
    public var bodySizes: BodySizes?
    /// Caching as a transport declared it, which takes precedence over the HTTP head's.
    private var declaredCacheControl: ServerCacheControl?

    /// Metadata of a result; all of it optional.
    /// - Parameters:
    ///   - httpResponse: The HTTP head that carried the result.
    ///   - cacheControl: What the response says about caching, for a transport that knows it
    ///     from elsewhere than a `Cache-Control` field of `httpResponse`; read from that field
    ///     when `nil`.
    ///   - bodySizes: The sizes of the bodies of the one exchange that produced the result.
    public init(httpResponse: HTTPResponse? = nil, cacheControl: ServerCacheControl? = nil, bodySizes: BodySizes? = nil) {
        self.httpResponse = httpResponse
        self.declaredCacheControl = cacheControl
        self.bodySizes = bodySizes
    }

    /// The HTTP status; `nil` when no HTTP response carried the result.
    public var status: HTTPResponse.Status? { httpResponse?.status }

    /// What the response says about storing its data: as set, or else as the `Cache-Control`
    /// field of ``httpResponse`` says, read when asked (most clients never ask). `nil` when
    /// neither says anything.
    public var cacheControl: ServerCacheControl? {
        get { declaredCacheControl ?? ServerCacheControl(httpResponse) }
        set { declaredCacheControl = newValue }
    }
}
