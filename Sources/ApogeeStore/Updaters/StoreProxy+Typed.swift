import ApogeeAPI

extension StoreProxy {
    /// Reads an operation's data through its generated type.
    /// - Throws: ``CacheMiss`` when any selected field is missing.
    public func read<Operation: GraphQLOperation>(_ operation: Operation) throws -> Operation.Data {
        try transaction.read(operation)
    }

    /// Writes typed data for an operation, as if the server had sent it.
    public func write<Operation: GraphQLOperation>(_ data: Operation.Data, for operation: Operation) throws {
        try transaction.write(data, for: operation)
    }

    /// Reads an operation's data, lets `body` change it, and writes it back: the typed way to
    /// add a to-do to a list, say.
    public func update<Operation: GraphQLOperation>(_ operation: Operation, _ body: (inout Operation.Data) throws -> Void) throws {
        try transaction.update(operation, body)
    }

    /// Reads a fragment from the record `key`.
    public func read<F: Fragment>(_ fragment: F.Type, key: CacheKey, variables: JSONObject = [:]) throws -> F {
        try transaction.read(F.self, key: key, variables: variables)
    }

    /// Writes a fragment's fields into the record `key`.
    public func write<F: Fragment>(_ fragment: F, key: CacheKey, variables: JSONObject = [:]) throws {
        try transaction.write(fragment, key: key, variables: variables)
    }

    /// Reads a fragment from the record `key`, lets `body` change it, and writes it back.
    public func update<F: Fragment>(_ fragment: F.Type, key: CacheKey, variables: JSONObject = [:], _ body: (inout F) throws -> Void) throws {
        try transaction.update(F.self, key: key, variables: variables, body)
    }
}
