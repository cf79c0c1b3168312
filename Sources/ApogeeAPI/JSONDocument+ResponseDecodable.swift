// Reading generated types straight from a parsed document: the same checks and the same
// errors as reading a `JSONValue`, without making one.

extension JSONDocument.Value {
    /// What `read` finds in the value, or the error a generated type reports when it finds
    /// nothing: `null` where a value is required, or a value of another kind.
    fileprivate func required<Wanted>(_ read: (Self) -> Wanted?, expected: String) throws -> Wanted {
        if let wanted = read(self) { return wanted }
        throw isNull ? ResponseDecodingError(.unexpectedNull) : .typeMismatch(expected: expected, found: self)
    }
}

extension String {
    public init(parsed value: JSONDocument.Value) throws {
        self = try value.required(\.stringValue, expected: "a string")
    }
}

extension Int {
    public init(parsed value: JSONDocument.Value) throws {
        self = try value.required({ value in
            if let int = value.intValue { return int }
            guard let double = value.doubleValue, double.rounded() == double, abs(double) < 9.0e15 else { return nil }
            return Int(double)
        }, expected: "an integer")
    }
}

extension Double {
    public init(parsed value: JSONDocument.Value) throws {
        self = try value.required(\.doubleValue, expected: "a number")
    }
}

extension Bool {
    public init(parsed value: JSONDocument.Value) throws {
        self = try value.required(\.boolValue, expected: "a boolean")
    }
}

extension Optional where Wrapped: ResponseDecodable {
    public init(parsed value: JSONDocument.Value) throws {
        self = value.isNull ? .none : .some(try Wrapped(parsed: value))
    }
}

extension Array where Element: ResponseDecodable {
    public init(parsed value: JSONDocument.Value) throws {
        let list = try value.required({ $0.entry.kind == .array ? $0.entry : nil }, expected: "a list")
        // Element by element from the entries, without an array of values first.
        let entries = value.document.entries
        var decoded = [Element]()
        decoded.reserveCapacity(Int(list.count))
        var position = value.index + 1
        for index in 0..<Int(list.count) {
            do {
                decoded.append(try Element(parsed: JSONDocument.Value(document: value.document, index: position)))
            } catch let error as ResponseDecodingError {
                throw error.prepending(.index(index))
            }
            position = Int(entries[position].end)
        }
        self = decoded
    }
}

extension EnumValue {
    public init(parsed value: JSONDocument.Value) throws {
        self.init(rawValue: try value.required(\.stringValue, expected: "an enum value name"))
    }
}

extension SelectionSet {
    /// Reads the selection set from a parsed document's object, such as the `data` of a
    /// response, finding each field by comparing names' bytes.
    public init(parsed value: JSONDocument.Value) throws {
        let object = try value.required({ $0.isObject ? $0 : nil }, expected: "an object")
        try self.init(from: ResponseObject(parsed: object))
    }
}
