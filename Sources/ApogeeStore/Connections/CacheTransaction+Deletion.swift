import ApogeeAPI

extension CacheTransaction {
    /// Removes a record and the edges that point to it from every connection the store knows,
    /// and the record from every `@paginated` list, so a list that showed the record shows the
    /// others rather than a miss.
    func deleteRecordAndEdges(_ key: CacheKey) throws {
        try removeRecord(key)
        reads?.everything = true
        for connection in core.knownConnections {
            try removeEdges(from: connection) { $0 == key }
        }
        for list in core.knownListPages {
            try removeItem(key, fromListAt: list)
        }
    }

    /// The keys of the records of the object with this ID: for each type the store holds, the
    /// key the key policy gives an object of that type with this `id`, when such a record exists.
    func recordKeys(forID id: String) throws -> [CacheKey] {
        try checkOpen()
        reads?.everything = true
        // A key policy that keys by the ID alone gives the key directly.
        var keys: [CacheKey] = []
        if try lookUp(CacheKey(id)) != nil { keys.append(CacheKey(id)) }
        for typename in try core.typenames().sorted() {
            let object: JSONObject = ["__typename": .string(typename), "id": .string(id)]
            guard let key = keyPolicy.key(typename: typename, object: object), !keys.contains(key),
                  try lookUp(key) != nil else { continue }
            keys.append(key)
        }
        return keys
    }

    /// Whether an edge's node is the object with this ID: its key is one of `keys`, or its
    /// record's `id` field is the ID.
    func node(_ node: CacheKey, hasID id: String, keys: [CacheKey]) throws -> Bool {
        if keys.contains(node) { return true }
        return try lookUp(node)?.fields["id"] == .scalar(.string(id))
    }
}
