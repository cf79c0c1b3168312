import ApogeeAPI

extension NormalizedStore {
    /// Normalizes and writes response data (the `data` object of a response) for an
    /// operation, resolving field arguments with the operation's variables.
    ///
    /// Query, mutation and subscription data are written under their own root record; the
    /// objects inside them are shared by key, so a mutation that returns a launch updates
    /// every query that shows it. This is the app's own write, so the local fields in the
    /// data are written too; a server result goes through
    /// ``writeResult(_:data:typedData:removingOptimisticLayer:updater:maxAge:)``, which keeps them.
    /// - Returns: What changed; unchanged values are not reported and wake no watcher.
    /// - Throws: ``NormalizationError`` when the data does not fit the selections (nothing
    ///   is written then), or an error of the record source.
    @discardableResult
    public func write<Operation: GraphQLOperation>(data: JSONObject, for operation: Operation) throws -> CacheChanges {
        try transaction(removingOptimisticLayers: []) { try $0.write(data: data, for: operation) }.changes
    }

    /// Normalizes and writes response data read in place from a parsed `JSONDocument`, such
    /// as the `data` member of a response's root: the records are made from the document's
    /// bytes, with no `JSONValue` tree in between. Otherwise the same as
    /// ``write(data:for:)-(JSONObject,_)``.
    /// - Throws: ``NormalizationError`` when `data` is not an object or does not fit the
    ///   selections (nothing is written then), or an error of the record source.
    @discardableResult
    public func write<Operation: GraphQLOperation>(data: JSONDocument.Value, for operation: Operation) throws -> CacheChanges {
        try transaction(removingOptimisticLayers: []) { try $0.write(data: data, for: operation) }.changes
    }

    /// Writes typed data for an operation, as if the server had sent it.
    @discardableResult
    public func write<Operation: GraphQLOperation>(_ data: Operation.Data, for operation: Operation) throws -> CacheChanges {
        try write(data: data.__fields, for: operation)
    }

    /// Writes a fragment's fields into the record `key`.
    @discardableResult
    public func write<F: Fragment>(_ fragment: F, key: CacheKey, variables: JSONObject = [:]) throws -> CacheChanges {
        try transaction(removingOptimisticLayers: []) { try $0.write(fragment, key: key, variables: variables) }.changes
    }

    /// Removes a record; watchers that showed it get a miss.
    @discardableResult
    public func removeRecord(_ key: CacheKey) throws -> CacheChanges {
        try transaction(removingOptimisticLayers: []) { try $0.removeRecord(key) }.changes
    }

    /// Removes every base record; every watcher is told.
    @discardableResult
    public func clear() throws -> CacheChanges {
        try transaction(removingOptimisticLayers: []) { try $0.clear() }.changes
    }
}
