/// A type that generated code can read from a JSON response value.
///
/// Scalars, enums, lists, optionals and selection sets conform; a custom scalar type conforms
/// to ``CustomScalar`` instead, which includes this.
public protocol ResponseDecodable: Sendable {
    /// Reads the value; throws ``ResponseDecodingError`` when the JSON does not fit.
    init(responseValue: JSONValue) throws

    /// Reads the value from a parsed document, without building a ``JSONValue`` for it.
    /// Scalars, enums, lists, optionals and selection sets read the document directly; the
    /// default implementation, which a custom scalar gets, reads the value's
    /// ``JSONDocument/Value/jsonValue`` with ``init(responseValue:)``.
    init(parsed value: JSONDocument.Value) throws
}

extension ResponseDecodable {
    public init(parsed value: JSONDocument.Value) throws {
        // A custom scalar may read `null` as a value of its own, unless the server said why
        // the field is `null`.
        if value.isNull, !value.fieldErrors.isEmpty { throw value.nullError() }
        try self.init(responseValue: value.jsonValue)
    }
}

/// A type that can be written back as the JSON a server would send for it.
public protocol ResponseEncodable: Sendable {
    /// The value as response JSON.
    var responseValue: JSONValue { get }
}

extension String: ResponseDecodable, ResponseEncodable {
    public init(responseValue: JSONValue) throws {
        guard case .string(let string) = responseValue else {
            throw responseValue.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "a string", found: responseValue)
        }
        self = string
    }

    public var responseValue: JSONValue { .string(self) }
}

extension Int: ResponseDecodable, ResponseEncodable {
    public init(responseValue: JSONValue) throws {
        switch responseValue {
        case .int(let int):
            self = int
        case .double(let double) where double.rounded() == double && abs(double) < 9.0e15:
            self = Int(double)
        case .null:
            throw ResponseDecodingError(.unexpectedNull)
        default:
            throw ResponseDecodingError.typeMismatch(expected: "an integer", found: responseValue)
        }
    }

    public var responseValue: JSONValue { .int(self) }
}

extension Double: ResponseDecodable, ResponseEncodable {
    public init(responseValue: JSONValue) throws {
        switch responseValue {
        case .double(let double): self = double
        case .int(let int): self = Double(int)
        case .null: throw ResponseDecodingError(.unexpectedNull)
        default: throw ResponseDecodingError.typeMismatch(expected: "a number", found: responseValue)
        }
    }

    public var responseValue: JSONValue { .double(self) }
}

extension Bool: ResponseDecodable, ResponseEncodable {
    public init(responseValue: JSONValue) throws {
        guard case .bool(let bool) = responseValue else {
            throw responseValue.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "a boolean", found: responseValue)
        }
        self = bool
    }

    public var responseValue: JSONValue { .bool(self) }
}

extension JSONValue: ResponseDecodable, ResponseEncodable {
    /// Any JSON is accepted, except `null` where a value is required.
    public init(responseValue: JSONValue) throws {
        if responseValue.isNull { throw ResponseDecodingError(.unexpectedNull) }
        self = responseValue
    }

    public var responseValue: JSONValue { self }
}

extension Optional: ResponseDecodable where Wrapped: ResponseDecodable {
    public init(responseValue: JSONValue) throws {
        if responseValue.isNull {
            self = .none
        } else {
            self = .some(try Wrapped(responseValue: responseValue))
        }
    }
}

extension Optional: ResponseEncodable where Wrapped: ResponseEncodable {
    public var responseValue: JSONValue {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.responseValue
        }
    }
}

extension Array: ResponseDecodable where Element: ResponseDecodable {
    public init(responseValue: JSONValue) throws {
        guard case .array(let elements) = responseValue else {
            throw responseValue.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "a list", found: responseValue)
        }
        var decoded = [Element]()
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                decoded.append(try Element(responseValue: element))
            } catch let error as ResponseDecodingError {
                throw error.prepending(.index(index))
            }
        }
        self = decoded
    }
}

extension Array: ResponseEncodable where Element: ResponseEncodable {
    public var responseValue: JSONValue { .array(map(\.responseValue)) }
}
