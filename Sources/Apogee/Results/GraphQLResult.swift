import ApogeeAPI
import ApogeeStore
import HTTPTypes

/// The outcome of an operation that reached a GraphQL response: typed data, errors, or both.
///
/// GraphQL errors are results, not thrown errors. When a field fails, the server sets it to
/// `null` (and its nearest nullable parent, if the field is non-null) and reports the error;
/// the result then has the partial ``data`` and the ``errors`` together.
///
/// ```swift
/// switch result {
/// case .success(let graphQLResult):
///     if let bookTrips = graphQLResult.data?.bookTrips { … }
///     if let errors = graphQLResult.errors { … }
/// case .failure(let error): …
/// }
/// ```
public struct GraphQLResult<Data: Sendable>: Sendable {
    /// The typed data, possibly partial; `nil` when the server returned `data: null` or none,
    /// or when the store missed under ``CachePolicy/returnCacheDataDontFetch``.
    public var data: Data? {
        // Data replaced by an interceptor no longer matches the server's JSON; the store then
        // writes the new data, encoded.
        didSet {
            serverData = nil
            serverIncrements = nil
        }
    }
    /// The errors the server reported, or `nil` when there were none.
    public var errors: [GraphQLError]?
    /// The response's `extensions`, when the server sent any.
    public var extensions: JSONObject?
    /// Whether the server or the local store produced the result.
    public var source: ResultSource
    /// What the transport knew about the exchange: the HTTP head, its caching directives and
    /// the body sizes. Empty for a result from the store.
    public var metadata = ResponseMetadata()
    /// The HTTP response's status and header fields; `nil` for a result from the store or one
    /// that no HTTP response carried. The same as `metadata.httpResponse`.
    public var httpResponse: HTTPResponse? {
        get { metadata.httpResponse }
        set { metadata.httpResponse = newValue }
    }
    /// What the store lacked, for a result of source `.cache` without data
    /// (``CachePolicy/returnCacheDataDontFetch`` on a miss); `nil` otherwise.
    public var cacheMiss: CacheMiss? {
        get { details?.cacheMiss }
        set { editDetails(unlessEmpty: newValue == nil) { $0.cacheMiss = newValue } }
    }
    /// Why this server result could not be written into the store, when it could not. The
    /// result itself is still the server's; the store just does not have it.
    public var cacheWriteError: (any Error)? {
        get { details?.cacheWriteError }
        set { editDetails(unlessEmpty: newValue == nil) { $0.cacheWriteError = newValue } }
    }
    /// The fields of a result from the store that are past their expiry time, which the read
    /// accepted (``RequestContext/cacheReadOptions``); empty when the data is fresh.
    public var expiredFields: [FieldKey] {
        get { details?.expiredFields ?? [] }
        set { editDetails(unlessEmpty: newValue.isEmpty) { $0.expiredFields = newValue } }
    }
    /// What a partial read from the store lacked, by path in the data
    /// (`CacheReadOptions/returnsPartialData`); empty otherwise.
    public var missingPaths: [ResponsePath] {
        get { details?.missingPaths ?? [] }
        set { editDetails(unlessEmpty: newValue.isEmpty) { $0.missingPaths = newValue } }
    }
    /// Whether data from the store includes a write the server has not confirmed yet: an
    /// optimistic mutation, or a queued one shown at once. A watcher gets a new result when
    /// this changes, so a screen can show "waiting to sync" until the server answers.
    public var hasPendingWrites = false
    /// For an operation with `@defer` or `@stream`: whether the server will send more
    /// payloads after the one this result includes. `false` for the last result, and for
    /// every result of other operations.
    public var hasNext = false
    /// For an operation with `@defer` or `@stream`: the deferred fragments and streamed lists
    /// the server announced and has not completed yet (in the format that announces them,
    /// ``IncrementalDeliveryFormat/incrementalSpecV0_2``); empty once all have arrived.
    public var pendingIncrements: [PendingIncrement] {
        get { details?.pendingIncrements ?? [] }
        set { editDetails(unlessEmpty: newValue.isEmpty) { $0.pendingIncrements = newValue } }
    }

    /// Whether the data includes fields past their expiry time (see ``expiredFields``).
    public var isStale: Bool { !expiredFields.isEmpty }

    /// The `data` object as the server sent it, kept so that the store can normalize the
    /// response without encoding the typed data again. `nil` when the result was built by hand.
    var serverData: ResponseData?
    /// For a result of incremental delivery after the first: what its payload added to the
    /// result before, each at its path, which is all the store writes of it. `nil` when the
    /// store writes the whole data.
    var serverIncrements: [ResponseIncrement]? {
        get { details?.serverIncrements }
        set { editDetails(unlessEmpty: newValue == nil) { $0.serverIncrements = newValue } }
    }

    /// What most results leave empty, out of line: a result is copied at every step it
    /// takes through the chain and the executor, so it is kept small.
    private var details: GraphQLResultDetails?

    /// Whether the result still holds its `data` as the server sent it, which the store
    /// normalizes as it is. A result decoded from a response
    /// (``init(decodingResponse:metadata:)``) holds it until its
    /// ``data`` is replaced; one made with ``init(data:errors:extensions:source:httpResponse:)``
    /// does not, and the store then writes the typed data encoded back into JSON, a slower path.
    public var keepsServerJSON: Bool { serverData != nil }

    /// Creates a result, for an interceptor that answers instead of the server or for tests.
    public init(
        data: Data?,
        errors: [GraphQLError]? = nil,
        extensions: JSONObject? = nil,
        source: ResultSource = .server,
        httpResponse: HTTPResponse? = nil
    ) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.source = source
        self.metadata = ResponseMetadata(httpResponse: httpResponse)
    }
}

extension GraphQLResult {
    /// Changes ``details``, made first (or copied, when another result shares them) unless
    /// there are none and the change would leave them empty.
    private mutating func editDetails(unlessEmpty isEmpty: Bool, _ edit: (GraphQLResultDetails) -> Void) {
        if isEmpty && details == nil { return }
        if !isKnownUniquelyReferenced(&details) {
            details = details.map(GraphQLResultDetails.init(copying:)) ?? GraphQLResultDetails()
        }
        if let details { edit(details) }
    }
}

/// The parts of a ``GraphQLResult`` that most results leave empty. Shared between copies of a
/// result and copied before one of them changes (``GraphQLResult`` `editDetails`), so never
/// changed while shared: that is what makes it `Sendable`.
final class GraphQLResultDetails: @unchecked Sendable {
    var cacheMiss: CacheMiss?
    var cacheWriteError: (any Error)?
    var expiredFields: [FieldKey] = []
    var missingPaths: [ResponsePath] = []
    var pendingIncrements: [PendingIncrement] = []
    var serverIncrements: [ResponseIncrement]?

    init() {}

    init(copying other: GraphQLResultDetails) {
        cacheMiss = other.cacheMiss
        cacheWriteError = other.cacheWriteError
        expiredFields = other.expiredFields
        missingPaths = other.missingPaths
        pendingIncrements = other.pendingIncrements
        serverIncrements = other.serverIncrements
    }
}
