import ApogeeAPI

extension ApogeeClient {
    /// Sends an operation to the server and, when `writesResult`, writes its result into the
    /// store: the cache layer's way down to sending, and back.
    func fetchFromServer<Operation: GraphQLOperation>(
        _ operation: Operation,
        context: RequestContext,
        writesResult: Bool
    ) async throws -> GraphQLResult<Operation.Data> {
        let result = try await send(operation, context: context)
        return writesResult ? storing(result, for: operation) : result
    }
}
