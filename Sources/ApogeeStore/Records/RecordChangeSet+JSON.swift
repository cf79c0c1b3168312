import ApogeeAPI

extension RecordChangeSet {
    /// The change set as JSON, so that a persistent store can keep it: an optimistic layer
    /// of a queued mutation is saved this way and applied again after a restart.
    ///
    /// `{"removesAll": Bool, "changes": {key: {"removed": true} | {"fields": {…},
    /// "removedFields": […], "replaces": Bool}}}`, with field values as in
    /// ``RecordValue/persistedJSON``.
    public var persistedJSON: JSONObject {
        var changesJSON = JSONObject(minimumCapacity: changes.count)
        for (key, change) in changes {
            switch change {
            case .removed:
                changesJSON[key.rawValue] = .object(["removed": .bool(true)])
            case .patch(let fields, let removedFields, let replacesRecord):
                changesJSON[key.rawValue] = .object([
                    "fields": .object(fields.mapValues(\.persistedJSON)),
                    "removedFields": .array(removedFields.sorted().map(JSONValue.string)),
                    "replaces": .bool(replacesRecord),
                ])
            }
        }
        return ["removesAll": .bool(removesAllRecords), "changes": .object(changesJSON)]
    }

    /// Reads a change set written by ``persistedJSON``.
    public init(persistedJSON json: JSONObject) throws(RecordEncodingError) {
        self.init()
        guard case .object(let changesJSON)? = json["changes"] else {
            throw RecordEncodingError(message: "a change set without \"changes\"")
        }
        if case .bool(true)? = json["removesAll"] { removesAllRecords = true }
        for (key, changeJSON) in changesJSON {
            guard case .object(let change) = changeJSON else {
                throw RecordEncodingError(message: "the change to \(key) is not an object")
            }
            if case .bool(true)? = change["removed"] {
                changes[CacheKey(key)] = .removed
                continue
            }
            guard case .object(let fieldsJSON)? = change["fields"] else {
                throw RecordEncodingError(message: "the change to \(key) has no \"fields\"")
            }
            var fields = [String: RecordValue](minimumCapacity: fieldsJSON.count)
            for (name, value) in fieldsJSON { fields[name] = try RecordValue(persistedJSON: value) }
            var removed = Set<String>()
            if case .array(let names)? = change["removedFields"] {
                for case .string(let name) in names { removed.insert(name) }
            }
            let replaces = if case .bool(true)? = change["replaces"] { true } else { false }
            changes[CacheKey(key)] = .patch(fields: fields, removedFields: removed, replacesRecord: replaces)
        }
    }
}
