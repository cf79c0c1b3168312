import ApogeeAPI

extension CacheTransaction {
    /// Writes what the latest payload of an incremental delivery added, each increment at its
    /// path, leaving the records the earlier payloads wrote as they are now: a change another
    /// write made to them meanwhile stays.
    ///
    /// `data` is the response so far, the increments merged in; it shows which records the
    /// paths lead through.
    /// - Returns: `false` when an increment cannot be written alone (see
    ///   `Normalizer.normalize(_:in:root:selections:declaredType:)`), or when the operation
    ///   selects what only a whole write fills in (`__id`, local fields); nothing is written
    ///   then, and the caller writes the whole response.
    func writeIncrements<Operation: GraphQLOperation>(
        _ increments: [ResponseIncrement],
        of data: ResponseData,
        for operation: Operation,
        variables: JSONObject?
    ) throws -> Bool {
        try checkOpen()
        let facts = SelectionFacts.of(Operation.Data.self)
        if facts.selectsClientID || Operation.Data.__selectsLocalFields { return false }
        var normalizer = Normalizer(
            variables: variables ?? operation.variablesJSON, keyPolicy: core.keyPolicy, declaredKeyFields: Operation.Data.__cacheKeyFields,
            localFields: .kept)
        let root = CacheKey.root(for: Operation.operationType)
        for increment in increments {
            let placed: Bool
            switch data {
            case .document(let response):
                placed = try normalizer.normalize(
                    increment, in: response, root: root, selections: Operation.Data.__selections, declaredType: Operation.Data.__parentType)
            case .tree(let object):
                placed = try normalizer.normalize(
                    increment, in: JSONValue.object(object), root: root, selections: Operation.Data.__selections, declaredType: Operation.Data.__parentType)
            }
            if !placed { return false }
        }
        declareAges(Operation.Data.__cacheMaxAges)
        try merge(normalizer.records)
        return true
    }
}
