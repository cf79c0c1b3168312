/// A JSON value, as it arrives in a GraphQL response and as it is stored in the cache.
///
/// Integers and floating-point numbers are kept apart so that a GraphQL `Int` never
/// round-trips through `Double`. Objects are unordered; ``JSONValue/serialized()``
/// writes their keys sorted so that equal values always give equal bytes.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON object: the fields of a response object or of a cache record.
public typealias JSONObject = [String: JSONValue]

extension JSONValue {
    /// The object's fields, or `nil` when the value is not an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array's elements, or `nil` when the value is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string, or `nil` when the value is not a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// Whether the value is JSON `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short name of the value's JSON kind, for error messages.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// Merges `other` into this value: objects merge field by field, recursively; anything
    /// else is replaced by `other`. Used to combine the JSON of a selection set with the JSON
    /// of its fragments, which may select different fields of the same nested object.
    public func merging(_ other: JSONValue) -> JSONValue {
        switch (self, other) {
        case (.object(var mine), .object(let theirs)):
            mine.mergeDeeply(theirs)
            return .object(mine)
        case (.array(let mine), .array(let theirs)) where mine.count == theirs.count:
            return .array(zip(mine, theirs).map { $0.merging($1) })
        default:
            return other
        }
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// Merges the fields of `other` into this object, merging nested objects field by field.
    public mutating func mergeDeeply(_ other: JSONObject) {
        for (key, value) in other {
            if let existing = self[key] {
                self[key] = existing.merging(value)
            } else {
                self[key] = value
            }
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements, uniquingKeysWith: { _, last in last }))
    }
}
