import ApogeeAPI

/// A record value that cannot be read back from its persisted JSON form.
public struct RecordEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public var message: String

    /// A readable description, for logs and test failures.
    public var description: String { "invalid persisted record: \(message)" }
}

extension RecordValue {
    /// The value as JSON for a persistent record source.
    ///
    /// References become `{"$ref": key}`, lists of records `{"$list": [...]}`, JSON objects
    /// held by custom scalars `{"$json": object}`, and a field's errors `{"$errors": [...]}`
    /// (each as a response's `errors` entry), so that reading back gives exactly the value
    /// written (a list of scalars stays a plain JSON array).
    public var persistedJSON: JSONValue {
        switch self {
        case .null: .null
        case .fieldError(let errors): .object(["$errors": .array(errors.map(\.jsonValue))])
        case .scalar(.object(let object)): .object(["$json": .object(object)])
        case .scalar(let value): value
        case .reference(let key): .object(["$ref": .string(key.rawValue)])
        case .list(let elements): .object(["$list": .array(elements.map(\.persistedJSON))])
        }
    }

    /// Reads a value written by ``persistedJSON``.
    public init(persistedJSON json: JSONValue) throws(RecordEncodingError) {
        switch json {
        case .null:
            self = .null
        case .object(let object):
            if object.count == 1, case .array(let elements)? = object["$list"] {
                var values: [RecordValue] = []
                values.reserveCapacity(elements.count)
                for element in elements { values.append(try RecordValue(persistedJSON: element)) }
                self = .list(values)
            } else if object.count == 1, case .string(let key)? = object["$ref"] {
                self = .reference(CacheKey(key))
            } else if object.count == 1, case .object(let scalar)? = object["$json"] {
                self = .scalar(.object(scalar))
            } else if object.count == 1, case .array(let entries)? = object["$errors"] {
                self = try Self.fieldError(entries)
            } else {
                throw RecordEncodingError(message: "an object that is not {\"$ref\": …}, {\"$list\": …}, {\"$json\": …} or {\"$errors\": …}")
            }
        default:
            self = .scalar(json)
        }
    }
}

extension RecordValue {
    /// A field's errors read back from their entries.
    static func fieldError(_ entries: [JSONValue]) throws(RecordEncodingError) -> RecordValue {
        var errors: [GraphQLError] = []
        errors.reserveCapacity(entries.count)
        for entry in entries {
            guard let error = GraphQLError(jsonEntry: entry) else {
                throw RecordEncodingError(message: "\"$errors\" holds an entry that is not an error with a message")
            }
            errors.append(error)
        }
        return .fieldError(errors)
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
