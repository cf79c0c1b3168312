/// The fields of one response object, read by generated selection sets.
///
/// Generated initializers call ``decode(_:as:)`` once per selected field; the field's Swift type
/// picks the conversion, so decoding needs no reflection and no string parsing.
public struct ResponseObject: Sendable {
    /// The object's fields as JSON.
    public let fields: JSONObject

    /// Wraps the fields of a response object.
    public init(_ fields: JSONObject) {
        self.fields = fields
    }

    /// Reads a field the operation always selects. A missing field is an error even when the
    /// field is nullable: the server must send every selected field, and the store must not
    /// pass a record with a field it does not have.
    public func decode<Value: ResponseDecodable>(_ responseKey: String, as type: Value.Type = Value.self) throws -> Value {
        guard let value = fields[responseKey] else {
            throw ResponseDecodingError(.missingField, at: [.field(responseKey)])
        }
        do {
            return try Value(responseValue: value)
        } catch let error as ResponseDecodingError {
            throw error.prepending(.field(responseKey))
        }
    }

    /// Reads a local field, one a client schema extension declares: a server response never
    /// carries it, so absent means its declared default.
    public func decode<Value: ResponseDecodable>(_ responseKey: String, default defaultValue: JSONValue) throws -> Value {
        do {
            return try Value(responseValue: fields[responseKey] ?? defaultValue)
        } catch let error as ResponseDecodingError {
            throw error.prepending(.field(responseKey))
        }
    }

    /// Reads a field that is selected only under `@include` or `@skip`: absent means `nil`.
    public func decodeIfPresent<Value: ResponseDecodable>(_ responseKey: String, as type: Value.Type = Value.self) throws -> Value? {
        guard let value = fields[responseKey], !value.isNull else { return nil }
        do {
            return try Value(responseValue: value)
        } catch let error as ResponseDecodingError {
            throw error.prepending(.field(responseKey))
        }
    }

    /// The object's `__typename`, which generated code adds to every object selection.
    public var typename: String? {
        fields["__typename"]?.stringValue
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
