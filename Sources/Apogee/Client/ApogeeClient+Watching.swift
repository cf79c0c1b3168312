import ApogeeAPI
import Dispatch

extension ApogeeClient {
    /// Watches a query: its first result as `cachePolicy` says, then a new result each time
    /// the data it shows changes in the store, from this client's queries and mutations or
    /// from cache transactions.
    ///
    /// ```swift
    /// for try await result in client.watch(query: LaunchDetailsQuery(launchId: "25")) {
    ///     show(result.data?.launch)   // again after BookTrip returns the launch as booked
    /// }
    /// ```
    ///
    /// - A store change wakes the watch only when it touches a field the query read, and is
    ///   delivered only when the data differs from the last result (source `.cache`).
    /// - When the data stops being in the store (its record removed, the store cleared), the
    ///   query is sent to the server again and that result delivered (source `.server`); with
    ///   ``CachePolicy/returnCacheDataDontFetch`` the miss is delivered instead, as a result
    ///   without data. With ``CachePolicy/fetchIgnoringCacheCompletely`` the store is not
    ///   involved: the server's result is delivered and the sequence ends.
    /// - A request that fails ends the sequence with its error; watch again to retry.
    /// - Cancelling the consuming task, or dropping the sequence, releases the watch in the
    ///   store and cancels any request in flight.
    public func watch<Query: GraphQLQuery>(
        query: Query,
        cachePolicy: CachePolicy = .default,
        context: RequestContext = RequestContext()
    ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
        OperationExecutor(client: self, query: query, cachePolicy: cachePolicy, context: context).watchResults()
    }

    /// Watches a query and calls `resultHandler` with each result, as ``watch(query:cachePolicy:context:)``
    /// delivers them, until the watch is cancelled or a request fails.
    ///
    /// ```swift
    /// let watch = client.watch(query: LaunchDetailsQuery(launchId: "25")) { result in
    ///     if case .success(let graphQLResult) = result { show(graphQLResult.data?.launch) }
    /// }
    /// // later
    /// watch.cancel()
    /// ```
    /// - Parameters:
    ///   - query: The query to watch.
    ///   - cachePolicy: How the first result is found; later results come from the store.
    ///   - context: Values for the interceptors of the watch's requests.
    ///   - queue: Where to call the handler; by default it is called from the task that runs
    ///     the watch. Pass `.main` to update a user interface.
    ///   - resultHandler: Called with each result, and with the error that ends the watch.
    /// - Returns: The watch, which runs until it is cancelled or a request fails: cancel it
    ///   when its results are no longer wanted, since releasing it does not stop it (see
    ///   ``Cancellable``). After a cancel the handler gets `CancellationError` once.
    public func watch<Query: GraphQLQuery>(
        query: Query,
        cachePolicy: CachePolicy = .default,
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        resultHandler: @escaping GraphQLResultHandler<Query.Data>
    ) -> any Cancellable {
        let results = watch(query: query, cachePolicy: cachePolicy, context: context)
        return deliverEach(of: results, queue: queue, resultHandler: resultHandler)
    }
}
