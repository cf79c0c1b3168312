import ApogeeAPI
import ApogeeStore
import Observation

/// Loads a paginated list page by page into one list in the store, and shows it: observable
/// with the Observation framework, and as an `AsyncSequence` (``updates``).
///
/// The query's list is a Relay connection (`@connection`) or a list the schema declares
/// `@paginated` (the tutorial's `launches(after:) { cursor hasMore launches }`, an offset list).
/// Each page is written into the store, which merges it into the one list the query reads,
/// so ``data`` is always the whole list, every other watcher of it sees it too, and a store
/// that persists keeps all the pages.
///
/// ```swift
/// let pager = try QueryPager(client: client, query: LaunchListQuery(pageSize: 20))
/// try await pager.load()
/// while pager.hasNext {
///     try await pager.loadNext()
/// }
/// print(pager.data?.launches.launches.count ?? 0)
/// ```
///
/// In SwiftUI, read ``data``, ``hasNext`` and ``isLoadingNext`` in a view, and call
/// ``loadNext(_:)`` when the last row appears. A second `loadNext` while one is in flight
/// waits for it rather than sending another request. Cancelling the task that called it
/// cancels the load, and the list stays as it was.
///
/// It lives on the main actor, like the views that show it; the requests run off it.
@MainActor
@Observable
public final class QueryPager<Query: GraphQLQuery> {
    /// The client that sends the pages and holds the store.
    @ObservationIgnored public let client: ApogeeClient
    /// The query of the first page, with its variables: what ``refetch(_:)`` last set.
    public private(set) var query: Query
    /// The whole list loaded so far, as the query's data, or `nil` before ``load(cachePolicy:)``.
    public private(set) var data: Query.Data?
    /// Whether the server has a page after the list.
    public private(set) var hasNext = false
    /// Whether the server has a page before the list (Relay connections paged backward).
    public private(set) var hasPrevious = false
    /// Whether a ``loadNext(_:)`` is in flight.
    public private(set) var isLoadingNext = false
    /// Whether a ``loadPrevious(_:)`` is in flight.
    public private(set) var isLoadingPrevious = false
    /// The GraphQL errors of the last page loaded, when it had some beside its list.
    public private(set) var errors: [GraphQLError]?

    @ObservationIgnored private let field: PaginatedField
    @ObservationIgnored private var bounds = PageBounds.none
    /// For an offset list, which does not say whether more follows: whether the last page
    /// came back shorter than asked, the end of the list.
    @ObservationIgnored private var reachedEnd = false
    @ObservationIgnored private var nextLoad: Task<Void, any Error>?
    @ObservationIgnored private var previousLoad: Task<Void, any Error>?
    /// Counts the lists shown: a load started for an earlier list (before a refetch or a
    /// reset) shows nothing when it ends.
    @ObservationIgnored private var listGeneration = 0
    @ObservationIgnored private let watch = Locked<Task<Void, Never>?>(nil)
    @ObservationIgnored private let subscribers = Locked<(next: Int, continuations: [Int: AsyncStream<Query.Data>.Continuation])>((0, [:]))

    /// A pager for `query`, the first page of its list.
    /// - Throws: a ``PaginationError`` with code `notPaginated` when the query has no list to page, or
    ///   does not select or set by a variable what the next page needs.
    public init(client: ApogeeClient, query: Query) throws(PaginationError) {
        self.client = client
        self.query = query
        self.field = try PaginatedField(selections: Query.Data.__selections, operationName: Query.operationName)
    }

    deinit {
        watch.withLock { $0?.cancel() }
        subscribers.withLock { state in
            for continuation in state.continuations.values { continuation.finish() }
        }
    }

    /// Shows the list: as the store has it when `cachePolicy` answers from there (every
    /// page loaded before, after a restart of a persistent store too), or else the first
    /// page from the server. Then the pager follows the store, so that changes to the list
    /// (a mutation's new edge, an optimistic update) show in ``data``.
    public func load(cachePolicy: CachePolicy = .returnCacheDataElseFetch) async throws {
        let generation = listGeneration
        let result = try await client.fetch(query: query, cachePolicy: cachePolicy)
        guard generation == listGeneration else { return }
        let json = result.data?.__fields
        guard let data = result.data, let json, field.holdsList(json) else { throw PaginationError.pageFailed(result.errors ?? []) }
        errors = result.errors
        reachedEnd = isShortList(json)
        show(data, json: json)
        follow()
    }

    /// Loads the page after the list, `count` items long (the query's own page size when
    /// `nil`), and shows the list with it. Nothing happens when there is no next page; while
    /// a load of the next page is in flight, this waits for it instead of sending another.
    /// - Throws: a ``PaginationError`` with code `pageFailed` when the server answers without the list;
    ///   the error of the request; `CancellationError` when the calling task is cancelled,
    ///   and then the list is as it was.
    public func loadNext(_ count: Int? = nil) async throws {
        try await loadPage(.next, count: count)
    }

    /// Loads the page before the list, for a Relay connection whose query has `$before`
    /// (and `$last`), as ``loadNext(_:)`` does after it.
    public func loadPrevious(_ count: Int? = nil) async throws {
        try await loadPage(.previous, count: count)
    }

    /// Starts a new list: the first page of `query` (of the current query when `nil`, with
    /// other variables for a new filter, say) from the server, which replaces the pages the
    /// store held for it. Loads in flight are cancelled.
    public func refetch(_ query: Query? = nil) async throws {
        stopLoads()
        if let query { self.query = query }
        try await load(cachePolicy: .fetchIgnoringCacheData)
    }

    /// Cancels the loads in flight and stops following the store; the pager forgets the list
    /// until the next ``load(cachePolicy:)``. The store keeps the pages.
    public func reset() {
        stopLoads()
        watch.withLock {
            $0?.cancel()
            $0 = nil
        }
        data = nil
        bounds = .none
        hasNext = false
        hasPrevious = false
        errors = nil
        reachedEnd = false
    }

    /// The list each time it changes, starting with the list shown now, if any: a page
    /// loaded, or the list changed in the store. A slow reader gets the latest list.
    public var updates: AsyncStream<Query.Data> {
        let (stream, continuation) = AsyncStream.makeStream(of: Query.Data.self, bufferingPolicy: .bufferingNewest(1))
        if let data { continuation.yield(data) }
        let id = subscribers.withLock { state in
            state.next += 1
            state.continuations[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [subscribers] _ in
            subscribers.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    private func loadPage(_ direction: PageDirection, count: Int?) async throws {
        if let inFlight = direction == .next ? nextLoad : previousLoad {
            return try await inFlight.value
        }
        let place = direction == .next ? (hasNext ? bounds.next : nil) : (hasPrevious ? bounds.previous : nil)
        guard let place else { return }
        let size = count ?? field.pageSize(in: query.variablesJSON)
        // Backward, a connection needs `last`, which the query's page size stands for.
        let variables = try field.pageVariables(at: place, direction: direction, count: direction == .previous ? size : count)
        let page = PageQuery(base: query, pageVariables: variables)
        let generation = listGeneration
        let client = client
        let task = Task {
            let result = try await client.fetch(query: page, cachePolicy: .fetchIgnoringCacheData)
            try self.show(page: result, of: generation, size: size)
        }
        setLoad(task, direction)
        defer { if (direction == .next ? nextLoad : previousLoad) == task { setLoad(nil, direction) } }
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func setLoad(_ task: Task<Void, any Error>?, _ direction: PageDirection) {
        switch direction {
        case .next:
            nextLoad = task
            isLoadingNext = task != nil
        case .previous:
            previousLoad = task
            isLoadingPrevious = task != nil
        }
    }

    /// Shows the list after a page came, unless the list was replaced meanwhile.
    private func show(page result: GraphQLResult<Query.Data>, of generation: Int, size: Int?) throws {
        guard generation == listGeneration else { return }
        let page = result.data?.__fields
        guard let page, field.holdsList(page) else { throw PaginationError.pageFailed(result.errors ?? []) }
        errors = result.errors
        if case .offsetList = field.shape {
            let count = field.bounds(in: page).itemCount
            reachedEnd = count == 0 || size.map { count < $0 } ?? false
        }
        // The store has merged the page into the list: read the whole of it.
        if case .success(let data)? = try? client.store.read(query).result {
            show(data)
        }
    }

    /// Shows `data`, the whole list, unless it is what is shown already; `json` is its
    /// `__fields`, when the caller has made them already.
    private func show(_ data: Query.Data, json: JSONObject? = nil) {
        guard data != self.data else { return }
        self.data = data
        bounds = field.bounds(in: json ?? data.__fields)
        if case .offsetList = field.shape {
            hasNext = bounds.itemCount > 0 && !reachedEnd
        } else {
            hasNext = bounds.hasNext
        }
        hasPrevious = bounds.hasPrevious
        subscribers.withLock { state in
            for continuation in state.continuations.values { continuation.yield(data) }
        }
    }

    /// Whether an offset list's first page, as JSON, is shorter than the page size: all there is.
    private func isShortList(_ json: JSONObject) -> Bool {
        guard case .offsetList = field.shape else { return false }
        let count = field.bounds(in: json).itemCount
        guard let size = field.pageSize(in: query.variablesJSON), size > 0 else { return count == 0 }
        return count == 0 || count % size != 0
    }

    /// Follows the query in the store from now on.
    private func follow() {
        let results = client.watch(query: query, cachePolicy: .returnCacheDataElseFetch)
        let task = Task { [weak self] in
            do {
                for try await result in results {
                    guard let self else { return }
                    if let data = result.data { self.show(data) }
                }
            } catch {
                // A watch ends with its request's error; the next load or refetch follows again.
            }
        }
        watch.withLock {
            $0?.cancel()
            $0 = task
        }
    }

    private func stopLoads() {
        listGeneration += 1
        nextLoad?.cancel()
        previousLoad?.cancel()
        setLoad(nil, .next)
        setLoad(nil, .previous)
    }
}
