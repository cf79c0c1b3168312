import ApogeeAPI

extension CacheTransaction {
    /// Applies an operation's data as the store takes it, in this order: the data is normalized
    /// under the operation's root (local fields keep what the store has), the list directives
    /// of a mutation or a subscription are carried out, the updater runs, then the local
    /// fields the operation selects are read for the result.
    /// - Parameters:
    ///   - data: The `data` of the response (or the optimistic response), if any.
    ///   - typedData: The same data, typed, when the caller has it already.
    ///   - variables: The operation's variables as JSON, when the caller has them already.
    func applyResult<Operation: GraphQLOperation>(
        _ operation: Operation,
        data: ResponseData?,
        typedData: Operation.Data?,
        updater: StoreUpdater<Operation.Data>?,
        variables: JSONObject? = nil
    ) throws {
        if let data { try writeResultData(data, for: operation, applyingListDirectives: true, variables: variables) }
        if let updater {
            var typed = typedData
            if typed == nil, let data {
                // A JSON response may leave fields out; the store fills them from what it knows.
                typed = (try? data.decode(as: Operation.Data.self)) ?? (try? read(operation))
            }
            let proxy = StoreProxy(self, operation: OperationRoot(operation))
            try updater(proxy, typed)
            try proxy.finish()
        }
        readKeptLocalFields()
    }
}
