import ApogeeAPI

extension CacheTransaction {
    /// Reads an operation's data as this transaction sees it.
    /// - Throws: ``CacheMiss`` when any selected field is missing.
    public func read<Operation: GraphQLOperation>(_ operation: Operation) throws -> Operation.Data {
        try readResult(operation).result.get()
    }

    /// Reads an operation's data, returning a miss as a value along with the dependencies.
    public func readResult<Operation: GraphQLOperation>(_ operation: Operation) throws -> CacheRead<Operation.Data> {
        try read(
            Operation.Data.self,
            at: .root(for: Operation.operationType),
            selections: Operation.Data.__selections,
            variables: operation.variablesJSON
        )
    }

    /// Writes response data (the `data` of a response) for an operation.
    ///
    /// For a mutation or a subscription, the list directives of its selections
    /// (`@appendEdge`, `@deleteRecord`, …) are carried out on the data once it is written.
    /// This is the app's own write, so the local fields in the data are written too; a
    /// server result, written by ``NormalizedStore/writeResult(_:data:typedData:removingOptimisticLayer:updater:maxAge:)``,
    /// leaves them as they are.
    /// - Throws: ``NormalizationError`` when the data does not fit the operation's selections.
    public func write<Operation: GraphQLOperation>(data: JSONObject, for operation: Operation) throws {
        try write(data: .tree(data), for: operation, applyingListDirectives: true)
    }

    /// Writes response data read in place from a parsed `JSONDocument` for an operation;
    /// otherwise the same as ``write(data:for:)-(JSONObject,_)``.
    /// - Throws: ``NormalizationError`` when `data` is not an object or does not fit the
    ///   operation's selections.
    public func write<Operation: GraphQLOperation>(data: JSONDocument.Value, for operation: Operation) throws {
        try write(data: .document(data), for: operation, applyingListDirectives: true)
    }

    /// Writes response data for an operation, carrying out the list directives of a mutation
    /// or a subscription only when `applyingListDirectives`: a result whose directives failed
    /// is written again without them. `localFields` says what becomes of local fields: the
    /// app's writes store them, a server result keeps what the store has. `variables` are the
    /// operation's as JSON, when the caller has them already (a subscription's events share them).
    func write<Operation: GraphQLOperation>(
        data: ResponseData,
        for operation: Operation,
        applyingListDirectives: Bool,
        localFields: LocalFieldWrites = .written,
        variables: JSONObject? = nil
    ) throws {
        let root = CacheKey.root(for: Operation.operationType)
        let variables = variables ?? operation.variablesJSON
        let facts = SelectionFacts.of(Operation.Data.self)
        declareAges(Operation.Data.__cacheMaxAges)
        // Each case calls the normalizer with a concrete type, so that it is specialized for it.
        switch data {
        case .tree(let object):
            try write(
                JSONValue.object(object), at: root, declaredType: Operation.Data.__parentType, selections: Operation.Data.__selections,
                declaredKeyFields: Operation.Data.__cacheKeyFields, variables: variables, collectsClientIDs: facts.selectsClientID,
                localFields: localFields)
        case .document(let value):
            try write(
                value, at: root, declaredType: Operation.Data.__parentType, selections: Operation.Data.__selections,
                declaredKeyFields: Operation.Data.__cacheKeyFields, variables: variables, collectsClientIDs: facts.selectsClientID,
                localFields: localFields)
        }
        if applyingListDirectives, Operation.operationType != .query, facts.hasListDirectives {
            // The directives walk a tree; a parsed document gives one only for the operations that have them.
            try applyListDirectives(root: root, selections: Operation.Data.__selections, data: data.tree, variables: variables)
        }
    }

    /// Writes typed data for an operation, as if the server had sent it.
    public func write<Operation: GraphQLOperation>(_ data: Operation.Data, for operation: Operation) throws {
        try write(data: data.__fields, for: operation)
    }

    /// Reads an operation's data, lets `body` change it, and writes it back.
    /// - Throws: ``CacheMiss`` when the data is not all in the store.
    public func update<Operation: GraphQLOperation>(
        _ operation: Operation,
        _ body: (inout Operation.Data) throws -> Void
    ) throws {
        var data = try read(operation)
        try body(&data)
        try write(data, for: operation)
    }

    /// Reads a fragment from the record `key`.
    /// - Throws: ``CacheMiss`` when any selected field is missing.
    public func read<F: Fragment>(_ fragment: F.Type, key: CacheKey, variables: JSONObject = [:]) throws -> F {
        try read(F.self, at: key, selections: F.__selections, variables: variables).result.get()
    }

    /// Writes a fragment's fields into the record `key`.
    public func write<F: Fragment>(_ fragment: F, key: CacheKey, variables: JSONObject = [:]) throws {
        declareAges(F.__cacheMaxAges)
        try write(
            JSONValue.object(fragment.__fields), at: key, declaredType: F.__parentType, selections: F.__selections,
            declaredKeyFields: F.__cacheKeyFields, variables: variables)
    }

    /// Reads a fragment from the record `key`, lets `body` change it, and writes it back.
    public func update<F: Fragment>(
        _ fragment: F.Type,
        key: CacheKey,
        variables: JSONObject = [:],
        _ body: (inout F) throws -> Void
    ) throws {
        var value = try read(F.self, key: key, variables: variables)
        try body(&value)
        try write(value, key: key, variables: variables)
    }
}
