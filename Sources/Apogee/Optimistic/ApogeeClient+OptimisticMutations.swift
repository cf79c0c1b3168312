import ApogeeAPI
import ApogeeStore

extension ApogeeClient {
    /// Sends a mutation, showing its expected outcome in ``store`` at once, and settles the
    /// store when the server answers.
    ///
    /// ```swift
    /// let result = try await client.perform(
    ///     mutation: ChangeTodoStatusMutation(input: .init(complete: true, id: id, userId: "me")),
    ///     optimisticResponse: ["changeTodoStatus": ["todo": ["id": .string(id), "complete": true]]]
    /// )
    /// ```
    ///
    /// What happens, in order:
    /// 1. Before the request is sent, the optimistic response is written into an optimistic
    ///    layer over the store (with its list directives), and `optimisticUpdater` runs on it.
    ///    Watchers see the result at once.
    /// 2. When the server answers, in one transaction: the layer goes, the real data is written
    ///    (with its list directives), and `updater` runs on it. Watchers are notified once.
    ///    A result with GraphQL errors counts as an answer: its partial data is written, the
    ///    guess goes, and the result carries both the data and the errors.
    /// 3. When the request fails or the task is cancelled, the layer is rolled back and the
    ///    error thrown. Watchers see the store as it was.
    ///
    /// Several mutations may be in flight at once: each has its own layer, and when one
    /// settles, the layers of the others are applied again on top of the new data, so each
    /// optimistic value stays visible until its own mutation settles.
    /// - Parameters:
    ///   - mutation: The generated mutation, with its variables.
    ///   - optimisticResponse: The `data` the server is expected to send: typed
    ///     (`.data(.init(…))`) or a JSON object literal.
    ///   - optimisticUpdater: Changes the store beyond the optimistic response, as though the
    ///     mutation had succeeded; runs after the optimistic response is applied, and again
    ///     each time the layer is rebased.
    ///   - updater: Changes the store beyond the server's data, once it is written; it gets
    ///     the typed data, which may be partial when the result has errors.
    ///   - context: Values for the interceptors of this request.
    /// - Returns: The server's result. When the store could not take it (or the updater threw),
    ///   ``GraphQLResult/cacheWriteError`` says why; the layer is gone all the same.
    /// - Throws: ``OptimisticMutationError`` when the optimistic update cannot be applied (the
    ///   mutation is not sent then); otherwise what ``perform(mutation:context:)`` throws.
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation,
        optimisticResponse: OptimisticResponse<Mutation.Data>? = nil,
        optimisticUpdater: StoreUpdater<Mutation.Data>? = nil,
        updater: StoreUpdater<Mutation.Data>? = nil,
        context: RequestContext = RequestContext()
    ) async throws -> GraphQLResult<Mutation.Data> {
        let executor = try OperationExecutor(
            client: self,
            mutation: mutation,
            optimisticResponse: optimisticResponse,
            optimisticUpdater: optimisticUpdater,
            updater: updater,
            context: context
        )
        return try await executor.firstResult()
    }
}
