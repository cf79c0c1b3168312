import ApogeeAPI

extension ApogeeClient {
    /// Runs a query as `cachePolicy` says and returns its result.
    ///
    /// ``GraphQLResult/source`` says whether the store or the server answered. A result from
    /// the server is written into ``store`` (except with ``CachePolicy/fetchIgnoringCacheCompletely``).
    /// GraphQL errors come in the result, with whatever partial data the server sent.
    ///
    /// With ``CachePolicy/returnCacheDataAndFetch`` this returns the first result: the store's
    /// when it has the data, and the request goes on after the return, its result written into
    /// the store (where watchers see it) and otherwise dropped, errors included. To get both
    /// results use ``fetchResults(query:cachePolicy:context:)``.
    /// - Parameters:
    ///   - query: The generated query.
    ///   - cachePolicy: Whether the store, the server or both answer;
    ///     ``CachePolicy/returnCacheDataElseFetch`` by default.
    ///   - context: Values for the interceptors of this request.
    /// - Throws: ``ApogeeError`` when no GraphQL response could be read, an interceptor's own
    ///   error, or `CancellationError` when the task is cancelled (which cancels the request).
    public func fetch<Query: GraphQLQuery>(
        query: Query,
        cachePolicy: CachePolicy = .default,
        context: RequestContext = RequestContext()
    ) async throws -> GraphQLResult<Query.Data> {
        try await OperationExecutor(client: self, query: query, cachePolicy: cachePolicy, context: context).firstResult()
    }

    /// Sends a mutation and returns its result, after writing it into ``store``.
    ///
    /// Mutations always go to the server. Their result is normalized like a query's, so a
    /// mutation that returns a launch updates every query and watcher that shows that launch.
    /// GraphQL errors come in the result, with whatever partial data the server sent.
    /// - Parameters:
    ///   - mutation: The generated mutation.
    ///   - context: Values for the interceptors of this request.
    /// - Throws: ``ApogeeError`` when no GraphQL response could be read, an interceptor's own
    ///   error, or `CancellationError` when the task is cancelled (which cancels the request).
    public func perform<Mutation: GraphQLMutation>(mutation: Mutation, context: RequestContext = RequestContext()) async throws -> GraphQLResult<Mutation.Data> {
        // The same way as a mutation with an optimistic response: it simply has none.
        try await perform(mutation: mutation, optimisticResponse: nil, optimisticUpdater: nil, updater: nil, context: context)
    }
}
