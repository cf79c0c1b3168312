import ApogeeAPI

extension CacheTransaction {
    /// Applies a mutation's data as the store takes it, in this order: the data is normalized
    /// under the mutation root, its list directives are carried out, then the updater runs.
    /// - Parameters:
    ///   - data: The `data` of the response (or the optimistic response), if any.
    ///   - typedData: The same data, typed, when the caller has it already.
    func applyMutation<Mutation: GraphQLMutation>(
        _ mutation: Mutation,
        data: JSONObject?,
        typedData: Mutation.Data?,
        updater: StoreUpdater<Mutation.Data>?
    ) throws {
        // Writing a mutation's data carries out its list directives too.
        if let data { try write(data: data, for: mutation) }
        guard let updater else { return }
        var typed = typedData
        if typed == nil, let data {
            // A JSON response may leave fields out; the store fills them from what it knows.
            typed = (try? Mutation.Data(json: data)) ?? (try? read(mutation))
        }
        let proxy = StoreProxy(self, operation: OperationRoot(mutation))
        try updater(proxy, typed)
        try proxy.finish()
    }
}
