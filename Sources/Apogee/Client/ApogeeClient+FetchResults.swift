import ApogeeAPI

extension ApogeeClient {
    /// Runs a query as `cachePolicy` says and gives each of its results as it comes: one, or
    /// with ``CachePolicy/returnCacheDataAndFetch`` the store's result first and then the
    /// server's.
    ///
    /// ```swift
    /// for try await result in client.fetchResults(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataAndFetch) {
    ///     show(result.data, fromCache: result.source == .cache)
    /// }
    /// ```
    ///
    /// The sequence ends after the last result, or throws what ``fetch(query:cachePolicy:context:)``
    /// would throw. Cancelling the consuming task, or dropping the sequence, cancels the request.
    public func fetchResults<Query: GraphQLQuery>(
        query: Query,
        cachePolicy: CachePolicy = .default,
        context: RequestContext = RequestContext()
    ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
        OperationExecutor(client: self, query: query, cachePolicy: cachePolicy, context: context).results()
    }
}
