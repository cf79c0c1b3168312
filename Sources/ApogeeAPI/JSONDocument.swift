/// JSON text parsed once into an index of its values, which typed decoding reads without
/// building a ``JSONValue`` tree.
///
/// Parsing checks the whole text, as ``JSONValue/init(parsing:)-(Sequence<UInt8>)`` does, but makes no strings,
/// arrays or dictionaries: it records where each value lies in the bytes, and where each list
/// and object ends. A string is made only when a generated type reads it, and an object's field
/// is found by comparing its name's bytes, so reading a response into typed data hashes no
/// field names at all.
///
/// ```swift
/// let document = try JSONDocument(parsing: bytes)
/// let data = try MyQuery.Data(parsed: document.root)
/// ```
///
/// The store assembles a document of the same shape when it reads records back, holding the
/// strings it already has instead of text, so that generated types read a cache hit exactly as
/// they read a response.
public final class JSONDocument: @unchecked Sendable {
    // Unchecked: the buffers are written once, before the initializer, and only read
    // afterwards; the class owns them and frees them when it goes.
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let entries: UnsafeMutableBufferPointer<Entry>
    /// The strings of an assembled document (names and string values), which its entries
    /// point into; empty for a parsed one.
    let strings: [String]
    /// The storage an assembled document reads in place, which owns its entries.
    private let assembly: AssemblyStorage?
    /// The lists an assembled document's decode takes from an earlier one; `nil` for most.
    @usableFromInline let listReuse: ListReuse?
    /// The server's field errors by the entry of the `null` each explains; `nil` for a
    /// document read without errors (see `JSONDocument+FieldErrors.swift`).
    @usableFromInline let fieldErrors: FieldErrorIndex?
    /// For a document that reads another's entries with field errors beside them: that
    /// document, which owns the memory and is kept alive.
    private let owner: JSONDocument?

    /// One value in the index. An object's entry is followed by its fields, each a name (a
    /// string entry) and then the value's entries; a list's by its elements' entries.
    struct Entry {
        enum Kind: UInt8 {
            case null, `true`, `false`, integer, number, string, escapedString, array, object
            /// A value of an assembled document: a string in ``JSONDocument/strings`` at
            /// `start`, whose UTF-8 length is `count`.
            case heldString
            /// A value of an assembled document: an `Int` or a `Double`, whose bits are
            /// `start` (low half) and `count` (high half).
            case heldInteger, heldNumber
        }

        var kind: Kind
        /// For a string or a number, where its text starts (for a string, after its opening
        /// quote). For a list or an object, how many objects it holds, itself included: its
        /// text is never read again, and the entry stays 16 bytes.
        var start: UInt32
        /// A string's or number's length in bytes; a list's elements or an object's fields.
        var count: UInt32
        /// The index of the entry after this value and everything inside it.
        var end: UInt32

        /// The 64 bits of a held number.
        var heldBits: UInt64 { UInt64(start) | UInt64(count) << 32 }
    }

    /// Parses UTF-8 JSON text; only whitespace may follow the value.
    /// - Throws: ``JSONParsingError`` for malformed input or trailing content, as
    ///   ``JSONValue/init(parsing:)-(Sequence<UInt8>)`` does.
    public convenience init(parsing bytes: some Collection<UInt8>) throws {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        do {
            let entries = try JSONDocument.index(UnsafeBufferPointer(copy))
            self.init(bytes: copy, entries: entries, strings: [])
        } catch {
            copy.deallocate()
            throw error
        }
    }

    /// Parses JSON text.
    public convenience init(parsing text: String) throws {
        try self.init(parsing: Array(text.utf8))
    }

    init(
        bytes: UnsafeMutableBufferPointer<UInt8>, entries: UnsafeMutableBufferPointer<Entry>, strings: [String],
        assembly: AssemblyStorage? = nil, listReuse: ListReuse? = nil
    ) {
        self.bytes = bytes
        self.entries = entries
        self.strings = strings
        self.assembly = assembly
        self.listReuse = listReuse
        self.fieldErrors = nil
        self.owner = nil
    }

    /// The same values as `document`, read with the field errors of `fieldErrors`.
    init(viewing document: JSONDocument, fieldErrors: FieldErrorIndex) {
        self.bytes = document.bytes
        self.entries = document.entries
        self.strings = document.strings
        self.assembly = nil
        self.listReuse = document.listReuse
        self.fieldErrors = fieldErrors
        self.owner = document
    }

    deinit {
        guard owner == nil else { return }
        bytes.deallocate()
        if assembly == nil { entries.deallocate() }
    }

    /// The top-level value.
    public var root: Value { Value(document: self, index: 0) }
}

extension JSONDocument {
    /// One value of a parsed document, read on demand.
    public struct Value: Sendable {
        /// The document the value belongs to, which keeps its bytes alive.
        public let document: JSONDocument
        @usableFromInline let index: Int

        @usableFromInline init(document: JSONDocument, index: Int) {
            self.document = document
            self.index = index
        }

        var entry: JSONDocument.Entry { document.entries[index] }

        /// How many objects the value holds, itself included: what a caller that makes
        /// something of each object can make room for at once. Counted when the document was
        /// indexed, so it costs nothing.
        public var objectCount: Int {
            let entry = entry
            switch entry.kind {
            case .object, .array: return Int(entry.start)
            default: return 0
            }
        }

        /// Whether the value is JSON `null`.
        public var isNull: Bool { entry.kind == .null }

        /// Whether the value is an object.
        public var isObject: Bool { entry.kind == .object }

        /// A short name of the value's JSON kind, for error messages, as
        /// ``JSONValue/kindDescription`` names it.
        public var kindDescription: String {
            switch entry.kind {
            case .null: "null"
            case .true, .false: "a boolean"
            case .integer, .number, .heldInteger, .heldNumber: "a number"
            case .string, .escapedString, .heldString: "a string"
            case .array: "a list"
            case .object: "an object"
            }
        }

        /// The boolean, or `nil` when the value is not one.
        public var boolValue: Bool? {
            switch entry.kind {
            case .true: true
            case .false: false
            default: nil
            }
        }

        /// The string, or `nil` when the value is not one.
        public var stringValue: String? {
            let entry = entry
            switch entry.kind {
            case .string:
                return String(decoding: document.text(of: entry), as: UTF8.self)
            case .escapedString:
                return document.unescapedString(at: entry)
            case .heldString:
                return document.strings[Int(entry.start)]
            default:
                return nil
            }
        }

        /// The number as an `Int`, when it is written as an integer that fits.
        public var intValue: Int? {
            let entry = entry
            switch entry.kind {
            case .integer: return JSONParser.integer(from: document.text(of: entry))
            case .heldInteger: return Int(truncatingIfNeeded: entry.heldBits)
            default: return nil
            }
        }

        /// The number as a `Double`, or `nil` when the value is not a number.
        public var doubleValue: Double? {
            let entry = entry
            switch entry.kind {
            case .integer:
                // Indexed as an integer only when it fits in `Int`.
                return JSONParser.integer(from: document.text(of: entry)).map(Double.init)
            case .number:
                return try? JSONParser.double(from: document.text(of: entry), at: Int(entry.start))
            case .heldInteger:
                return Double(Int(truncatingIfNeeded: entry.heldBits))
            case .heldNumber:
                return Double(bitPattern: entry.heldBits)
            default:
                return nil
            }
        }

        /// The value of the object's field `name`, or `nil` when the value is not an object or
        /// has no such field. In parsed text, a name given twice gives the last, as ``JSONValue``
        /// keeps it; the store, which assembles documents, repeats a name only for a scalar it
        /// read twice from the same field, so there the first is the same value.
        public func member(_ name: String) -> Value? {
            let entry = entry
            guard entry.kind == .object else { return nil }
            if !document.strings.isEmpty {
                return heldMemberIndex(named: name).map { Value(document: document, index: $0) }
            }
            let found = name.utf8.withContiguousStorageIfAvailable { memberIndex(named: $0, in: entry) }
                ?? Array(name.utf8).withUnsafeBufferPointer { memberIndex(named: $0, in: entry) }
            return found.map { Value(document: document, index: $0) }
        }

        /// The entry index of the value of the last field named `name`; names are compared
        /// byte by byte, and their lengths first.
        private func memberIndex(named name: UnsafeBufferPointer<UInt8>, in entry: JSONDocument.Entry) -> Int? {
            let entries = document.entries
            var found: Int?
            var position = index + 1
            for _ in 0..<entry.count {
                let nameEntry = entries[position]
                let valueIndex = position + 1
                if nameEntry.kind == .string {
                    if Int(nameEntry.count) == name.count, Self.equal(document.text(of: nameEntry), name) { found = valueIndex }
                } else if document.unescapedString(at: nameEntry).utf8.elementsEqual(name) {
                    found = valueIndex
                }
                position = Int(entries[valueIndex].end)
            }
            return found
        }

        /// The entry index of the value of the field named `name` in an assembled document,
        /// whose names are held strings; lengths are compared first. The first is as good as
        /// the last: the store gives a name twice only for a scalar selected twice, which it
        /// read twice from the same field.
        private func heldMemberIndex(named name: String) -> Int? {
            JSONDocument.heldNamePosition(of: name, inObjectAt: index, entries: document.entries, filled: document.entries.count, strings: document.strings)
                .map { $0 + 1 }
        }

        /// Whether two byte runs of the same length are equal: names are short, so a plain
        /// loop does better than a generic comparison.
        private static func equal(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
            var offset = 0
            while offset < first.count, first[offset] == second[offset] { offset += 1 }
            return offset == first.count
        }

        /// The object's fields in the order of the text, or `nil` when the value is not an object.
        public var members: [(name: String, value: Value)]? {
            let entry = entry
            guard entry.kind == .object else { return nil }
            var members: [(name: String, value: Value)] = []
            members.reserveCapacity(Int(entry.count))
            var position = index + 1
            for _ in 0..<entry.count {
                let name = document.name(at: document.entries[position])
                members.append((name, Value(document: document, index: position + 1)))
                position = Int(document.entries[position + 1].end)
            }
            return members
        }

        /// The list's elements, or `nil` when the value is not a list.
        public var elements: [Value]? {
            let entry = entry
            guard entry.kind == .array else { return nil }
            var elements: [Value] = []
            elements.reserveCapacity(Int(entry.count))
            var position = index + 1
            for _ in 0..<entry.count {
                elements.append(Value(document: document, index: position))
                position = Int(document.entries[position].end)
            }
            return elements
        }

        /// The value as a ``JSONValue`` tree, for code that wants one (a custom scalar, say).
        public var jsonValue: JSONValue {
            let entry = entry
            switch entry.kind {
            case .null: return .null
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .integer: return intValue.map(JSONValue.int) ?? .null
            case .number: return doubleValue.map(JSONValue.double) ?? .null
            case .string, .escapedString, .heldString: return stringValue.map(JSONValue.string) ?? .null
            case .heldInteger: return .int(Int(truncatingIfNeeded: entry.heldBits))
            case .heldNumber: return .double(Double(bitPattern: entry.heldBits))
            case .array: return .array((elements ?? []).map(\.jsonValue))
            case .object:
                var object = JSONObject(minimumCapacity: Int(entry.count))
                for (name, value) in members ?? [] { object[name] = value.jsonValue }
                return .object(object)
            }
        }
    }
}

extension JSONDocument {
    /// The bytes of a string's or number's text, without a string's quotes.
    func text(of entry: Entry) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.count)])
    }

    /// A field's name: its text, or the string an assembled document holds.
    func name(at entry: Entry) -> String {
        switch entry.kind {
        case .heldString: strings[Int(entry.start)]
        case .escapedString: unescapedString(at: entry)
        default: String(decoding: text(of: entry), as: UTF8.self)
        }
    }

    /// A string with escapes, which were checked when the document was indexed.
    func unescapedString(at entry: Entry) -> String {
        JSONParser.unescape(text(of: entry))
    }
}
