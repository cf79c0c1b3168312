/// The fields of one response object, read by generated selection sets.
///
/// Generated initializers call ``decode(_:as:)`` once per selected field; the field's Swift type
/// picks the conversion, so decoding needs no reflection and no string parsing.
public struct ResponseObject: Sendable {
    // Visible to inlining: generated initializers call `decode` once per field, and inlined
    // there it is specialized for the field's type instead of looking up generic metadata.
    @usableFromInline enum Storage: Sendable {
        case fields(JSONObject)
        case parsed(JSONDocument.Value)
    }

    @usableFromInline let storage: Storage

    /// The object's fields as JSON. For an object read from a ``JSONDocument`` they are made
    /// when asked for; generated code never asks.
    public var fields: JSONObject {
        switch storage {
        case .fields(let fields): fields
        case .parsed(let value): value.jsonValue.objectValue ?? [:]
        }
    }

    /// Wraps the fields of a response object.
    public init(_ fields: JSONObject) {
        self.storage = .fields(fields)
    }

    /// Wraps an object of a parsed document, whose fields are read from its bytes as they are
    /// asked for.
    /// - Precondition: `value` is an object.
    public init(parsed value: JSONDocument.Value) {
        precondition(value.isObject, "a response object must be a JSON object")
        self.storage = .parsed(value)
    }

    /// Reads a field the operation always selects. A missing field is an error even when the
    /// field is nullable: the server must send every selected field, and the store must not
    /// pass a record with a field it does not have.
    @inlinable
    public func decode<Value: ResponseDecodable>(_ responseKey: String, as type: Value.Type = Value.self) throws -> Value {
        switch storage {
        case .fields(let fields):
            guard let value = fields[responseKey] else {
                throw ResponseDecodingError(.missingField, at: [.field(responseKey)])
            }
            do {
                return try Value(responseValue: value)
            } catch let error as ResponseDecodingError {
                throw error.prepending(.field(responseKey))
            }
        case .parsed(let object):
            guard let value = object.member(responseKey) else {
                throw ResponseDecodingError(.missingField, at: [.field(responseKey)])
            }
            do {
                // Handed on, not copied: the value is not used again.
                return try Value(parsed: consume value)
            } catch let error as ResponseDecodingError {
                throw error.prepending(.field(responseKey))
            }
        }
    }

    /// Reads a local field, one a client schema extension declares: a server response never
    /// carries it, so absent means its declared default.
    @inlinable
    public func decode<Value: ResponseDecodable>(_ responseKey: String, default defaultValue: JSONValue) throws -> Value {
        do {
            switch storage {
            case .fields(let fields):
                return try Value(responseValue: fields[responseKey] ?? defaultValue)
            case .parsed(let object):
                if let value = object.member(responseKey) { return try Value(parsed: value) }
                return try Value(responseValue: defaultValue)
            }
        } catch let error as ResponseDecodingError {
            throw error.prepending(.field(responseKey))
        }
    }

    /// Reads a field that is selected only under `@include` or `@skip`: absent means `nil`.
    @inlinable
    public func decodeIfPresent<Value: ResponseDecodable>(_ responseKey: String, as type: Value.Type = Value.self) throws -> Value? {
        do {
            switch storage {
            case .fields(let fields):
                guard let value = fields[responseKey], !value.isNull else { return nil }
                return try Value(responseValue: value)
            case .parsed(let object):
                guard let value = object.member(responseKey), !value.isNull else { return nil }
                // Handed on, not copied: the value is not used again.
                return try Value(parsed: consume value)
            }
        } catch let error as ResponseDecodingError {
            throw error.prepending(.field(responseKey))
        }
    }

    /// Whether the object has a field named `responseKey`, `null` or not.
    func hasMember(_ responseKey: String) -> Bool {
        switch storage {
        case .fields(let fields): fields[responseKey] != nil
        case .parsed(let object): object.member(responseKey) != nil
        }
    }

    /// The object's `__typename`, which generated code adds to every object selection.
    public var typename: String? {
        switch storage {
        case .fields(let fields): fields["__typename"]?.stringValue
        case .parsed(let object): object.member("__typename")?.stringValue
        }
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// Builds a response object from fields in selection order; `nil` values are left out,
    /// as a server leaves out fields skipped by `@include` or `@skip`.
    public init(responseFields: KeyValuePairs<String, JSONValue?>) {
        self.init(minimumCapacity: responseFields.count)
        for (key, value) in responseFields {
            if let value { self[key] = value }
        }
    }
}
