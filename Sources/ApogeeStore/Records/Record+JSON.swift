import ApogeeAPI

/// A record value that cannot be read back from its persisted JSON form.
public struct RecordEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public var message: String

    public var description: String { "invalid persisted record: \(message)" }
}

extension RecordValue {
    /// The value as JSON for a persistent record source.
    ///
    /// References become `{"$ref": key}` and JSON objects held by custom scalars become
    /// `{"$json": object}`, so that neither can be mistaken for the other when read back.
    public var persistedJSON: JSONValue {
        switch self {
        case .null: .null
        case .scalar(.object(let object)): .object(["$json": .object(object)])
        case .scalar(let value): value
        case .reference(let key): .object(["$ref": .string(key.rawValue)])
        case .list(let elements): .array(elements.map(\.persistedJSON))
        }
    }

    /// Reads a value written by ``persistedJSON``.
    public init(persistedJSON json: JSONValue) throws(RecordEncodingError) {
        switch json {
        case .null:
            self = .null
        case .array(let elements):
            var values: [RecordValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try RecordValue(persistedJSON: element)) }
            self = .list(values)
        case .object(let object):
            if object.count == 1, case .string(let key)? = object["$ref"] {
                self = .reference(CacheKey(key))
            } else if object.count == 1, case .object(let scalar)? = object["$json"] {
                self = .scalar(.object(scalar))
            } else {
                throw RecordEncodingError(message: "an object that is neither {\"$ref\": …} nor {\"$json\": …}")
            }
        default:
            self = .scalar(json)
        }
    }
}

extension Record {
    /// The record's fields as one JSON object, for a persistent record source.
    public var persistedJSON: JSONObject {
        fields.mapValues(\.persistedJSON)
    }

    /// Reads a record written by ``persistedJSON``.
    public init(key: CacheKey, persistedJSON json: JSONObject) throws(RecordEncodingError) {
        var fields = [String: RecordValue](minimumCapacity: json.count)
        for (name, value) in json {
            fields[name] = try RecordValue(persistedJSON: value)
        }
        self.init(key: key, fields: fields)
    }
}
