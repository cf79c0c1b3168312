import ApogeeAPI

extension ApogeeClient {
    /// Sends a query and returns its result.
    ///
    /// GraphQL errors come in the result, with whatever partial data the server sent.
    /// - Throws: ``ApogeeError`` when no GraphQL response could be read, an interceptor's own
    ///   error, or `CancellationError` when the task is cancelled (which cancels the request).
    // The store integration adds a `cachePolicy:` parameter here; today every query goes to the server.
    public func fetch<Query: GraphQLQuery>(query: Query) async throws -> GraphQLResult<Query.Data> {
        try await send(query)
    }

    /// Sends a mutation and returns its result.
    ///
    /// GraphQL errors come in the result, with whatever partial data the server sent.
    /// - Throws: ``ApogeeError`` when no GraphQL response could be read, an interceptor's own
    ///   error, or `CancellationError` when the task is cancelled (which cancels the request).
    public func perform<Mutation: GraphQLMutation>(mutation: Mutation) async throws -> GraphQLResult<Mutation.Data> {
        try await send(mutation)
    }
}
