// Reading generated types straight from a parsed document: the same checks and the same
// errors as reading a `JSONValue`, without making one.

extension String {
    public init(parsed value: JSONDocument.Value) throws {
        guard let string = value.stringValue else {
            throw value.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "a string", found: value)
        }
        self = string
    }
}

extension Int {
    public init(parsed value: JSONDocument.Value) throws {
        if let int = value.intValue {
            self = int
        } else if let double = value.doubleValue, double.rounded() == double, abs(double) < 9.0e15 {
            self = Int(double)
        } else {
            throw value.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "an integer", found: value)
        }
    }
}

extension Double {
    public init(parsed value: JSONDocument.Value) throws {
        guard let double = value.doubleValue else {
            throw value.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "a number", found: value)
        }
        self = double
    }
}

extension Bool {
    public init(parsed value: JSONDocument.Value) throws {
        guard let bool = value.boolValue else {
            throw value.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "a boolean", found: value)
        }
        self = bool
    }
}

extension Optional where Wrapped: ResponseDecodable {
    public init(parsed value: JSONDocument.Value) throws {
        self = value.isNull ? .none : .some(try Wrapped(parsed: value))
    }
}

extension Array where Element: ResponseDecodable {
    public init(parsed value: JSONDocument.Value) throws {
        guard let elements = value.elements else {
            throw value.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "a list", found: value)
        }
        var decoded = [Element]()
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                decoded.append(try Element(parsed: element))
            } catch let error as ResponseDecodingError {
                throw error.prepending(.index(index))
            }
        }
        self = decoded
    }
}

extension EnumValue {
    public init(parsed value: JSONDocument.Value) throws {
        guard let name = value.stringValue else {
            throw value.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "an enum value name", found: value)
        }
        self.init(rawValue: name)
    }
}

extension SelectionSet {
    /// Reads the selection set from a parsed document's object, such as the `data` of a
    /// response, finding each field by comparing names' bytes.
    public init(parsed value: JSONDocument.Value) throws {
        guard value.isObject else {
            throw value.isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: "an object", found: value)
        }
        try self.init(from: ResponseObject(parsed: value))
    }
}
