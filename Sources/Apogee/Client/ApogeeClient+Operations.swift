import ApogeeAPI

extension ApogeeClient {
    /// Sends a query and returns its result.
    ///
    /// GraphQL errors come in the result, with whatever partial data the server sent.
    /// - Parameters:
    ///   - query: The generated query.
    ///   - context: Values for the interceptors of this request.
    /// - Throws: ``ApogeeError`` when no GraphQL response could be read, an interceptor's own
    ///   error, or `CancellationError` when the task is cancelled (which cancels the request).
    public func fetch<Query: GraphQLQuery>(query: Query, context: RequestContext = RequestContext()) async throws -> GraphQLResult<Query.Data> {
        // The store integration adds a `cachePolicy:` parameter here; today every query goes to the server.
        try await send(query, context: context)
    }

    /// Sends a mutation and returns its result.
    ///
    /// GraphQL errors come in the result, with whatever partial data the server sent.
    /// - Parameters:
    ///   - mutation: The generated mutation.
    ///   - context: Values for the interceptors of this request.
    /// - Throws: ``ApogeeError`` when no GraphQL response could be read, an interceptor's own
    ///   error, or `CancellationError` when the task is cancelled (which cancels the request).
    public func perform<Mutation: GraphQLMutation>(mutation: Mutation, context: RequestContext = RequestContext()) async throws -> GraphQLResult<Mutation.Data> {
        try await send(mutation, context: context)
    }
}
