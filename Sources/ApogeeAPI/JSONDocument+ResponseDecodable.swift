// Reading generated types straight from a parsed document: the same checks and the same
// errors as reading a `JSONValue`, without making one.

extension JSONDocument.Value {
    /// What `read` finds in the value, or the error a generated type reports when it finds
    /// nothing: `null` where a value is required, or a value of another kind.
    fileprivate func required<Wanted>(_ read: (Self) -> Wanted?, expected: String) throws -> Wanted {
        if let wanted = read(self) { return wanted }
        throw isNull ? nullError() : .typeMismatch(expected: expected, found: self)
    }

    // What the inlinable readers below need of a document, without its layout being part of
    // what other modules compile against.

    /// The list's element count, or the error a generated type reports for another value.
    @usableFromInline func requiredListCount() throws -> Int {
        try required({ $0.entry.kind == .array ? Int($0.entry.count) : nil }, expected: "a list")
    }

    /// The object, or the error a generated type reports for another value.
    @usableFromInline func requiredObject() throws -> Self {
        try required({ $0.isObject ? $0 : nil }, expected: "an object")
    }

    /// A list's first element (the list must have one).
    @usableFromInline var firstElement: Self { Self(document: document, index: index + 1) }

    /// The value after this one and everything inside it: the next element of its list.
    @usableFromInline var nextSibling: Self { Self(document: document, index: Int(entry.end)) }
}

extension String {
    public init(parsed value: JSONDocument.Value) throws {
        // The most common field of all, so read without going through `required`.
        guard let string = value.stringValue else {
            throw value.isNull ? value.nullError() : .typeMismatch(expected: "a string", found: value)
        }
        self = string
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

// The generic readers are inlinable, so that a generated type's decoding is specialized for
// its fields' types where it is compiled instead of looking up generic metadata at run time.

extension Optional where Wrapped: ResponseDecodable {
    /// `nil` for `null`, and for a value a field error inside it left without a required
    /// field: the nearest optional place above a failed field takes its `nil`, as a server
    /// nulls the nearest nullable field. The error stays in the response's errors.
    @inlinable
    public init(parsed value: JSONDocument.Value) throws {
        if value.isNull {
            self = .none
            return
        }
        do {
            // Handed on, not copied: the value is not used again.
            self = .some(try Wrapped(parsed: consume value))
        } catch let error as ResponseDecodingError where error.reason == .fieldError {
            self = .none
        }
    }
}

extension Array where Element: ResponseDecodable {
    @inlinable
    public init(parsed value: JSONDocument.Value) throws {
        let reuse = value.document.listReuse
        if let reuse, let list = try reuse.list(Element.self, at: value) {
            self = list
            return
        }
        let count = try value.requiredListCount()
        var decoded = [Element]()
        decoded.reserveCapacity(count)
        var element = value.firstElement
        for index in 0..<count {
            // The next element is found first, so that this one is handed on, not copied.
            let next = element.nextSibling
            do {
                decoded.append(try Element(parsed: consume element))
            } catch let error as ResponseDecodingError {
                throw error.prepending(.index(index))
            }
            element = next
        }
        reuse?.keep(decoded, at: value.index)
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
    @inlinable
    public init(parsed value: JSONDocument.Value) throws {
        try self.init(from: ResponseObject(parsed: value.requiredObject()))
    }
}
