extension JSONDocument {
    /// Checks the text and records where each value lies; the entries are the caller's to free.
    static func index(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParsingError) -> UnsafeMutableBufferPointer<Entry> {
        // Offsets are kept in 32 bits: an entry is 16 bytes, and a response is far below 4 GiB.
        guard bytes.count < Int(UInt32.max) else {
            throw JSONParsingError(message: "a JSON text of 4 GiB or more", offset: 0)
        }
        // A value takes at least two bytes with its separator, mostly many more.
        var indexer = DocumentIndexer(parser: JSONParser(bytes), capacity: bytes.count / 16 + 16)
        do {
            try indexer.indexValue()
            try indexer.parser.finish()
        } catch {
            indexer.entries.deallocate()
            throw error
        }
        // Handed over as they are, the room past the last entry unused: copying them into a
        // buffer of the exact size cost more than the room.
        return UnsafeMutableBufferPointer(rebasing: indexer.entries[..<indexer.count])
    }
}

/// Walks JSON text once with ``JSONParser``'s checks, appending an entry per value.
private struct DocumentIndexer {
    var parser: JSONParser
    /// The entries so far, `count` of them; the rest is room.
    var entries: UnsafeMutableBufferPointer<JSONDocument.Entry>
    var count = 0
    /// How many objects have been opened so far.
    var objectsOpened: UInt32 = 0

    mutating func indexValue() throws(JSONParsingError) {
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else { throw parser.error("unexpected end of input") }
        switch parser.bytes[parser.index] {
        case ASCII.openBrace:
            try indexObject()
        case ASCII.openBracket:
            try indexArray()
        case ASCII.quote:
            try indexString()
        case UInt8(ascii: "t"):
            try parser.expectLiteral("true")
            appendScalar(.true, start: parser.index - 4, count: 4)
        case UInt8(ascii: "f"):
            try parser.expectLiteral("false")
            appendScalar(.false, start: parser.index - 5, count: 5)
        case UInt8(ascii: "n"):
            try parser.expectLiteral("null")
            appendScalar(.null, start: parser.index - 4, count: 4)
        case ASCII.minus, ASCII.zero...ASCII.nine:
            let start = parser.index
            let (text, isInteger) = try parser.scanNumber()
            if isInteger, JSONParser.integer(from: text) != nil {
                appendScalar(.integer, start: start, count: text.count)
            } else {
                // Checked now, so that a number out of range fails the parse as it does for
                // `JSONValue`; an integer too large for `Int` reads as a `Double` there too.
                _ = try JSONParser.double(from: text, at: parser.index)
                appendScalar(.number, start: start, count: text.count)
            }
        default:
            throw parser.error("unexpected character '\(Unicode.Scalar(parser.bytes[parser.index]))'")
        }
    }

    init(parser: JSONParser, capacity: Int) {
        self.parser = parser
        entries = .allocate(capacity: capacity)
    }

    private mutating func append(_ entry: JSONDocument.Entry) {
        if count == entries.count {
            let grown = UnsafeMutableBufferPointer<JSONDocument.Entry>.allocate(capacity: entries.count * 2)
            _ = grown.initialize(fromContentsOf: entries)
            entries.deallocate()
            entries = grown
        }
        entries[count] = entry
        count += 1
    }

    private mutating func appendScalar(_ kind: JSONDocument.Entry.Kind, start: Int, count length: Int) {
        append(JSONDocument.Entry(kind: kind, start: UInt32(start), count: UInt32(length), end: UInt32(count + 1)))
    }

    /// Appends a container's entry, to be completed by ``close(_:count:)``.
    private mutating func open(_ kind: JSONDocument.Entry.Kind) throws(JSONParsingError) -> Int {
        try parser.enterContainer()
        let position = count
        // `start` holds the objects opened before this one until the container closes.
        append(JSONDocument.Entry(kind: kind, start: objectsOpened, count: 0, end: 0))
        if kind == .object { objectsOpened += 1 }
        parser.index += 1
        return position
    }

    private mutating func close(_ position: Int, count members: UInt32) {
        parser.index += 1
        parser.depth -= 1
        entries[position].count = members
        entries[position].end = UInt32(count)
        entries[position].start = objectsOpened - entries[position].start
    }

    private mutating func indexObject() throws(JSONParsingError) {
        let position = try open(.object)
        var count: UInt32 = 0
        if isClosed(by: ASCII.closeBrace) {
            close(position, count: 0)
            return
        }
        repeat {
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == ASCII.quote else {
                throw parser.error("expected a field name in quotes")
            }
            try indexString()
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == ASCII.colon else {
                throw parser.error("expected ':' after a field name")
            }
            parser.index += 1
            try indexValue()
            count += 1
        } while try takeSeparator(closing: ASCII.closeBrace, in: "an object")
        close(position, count: count)
    }

    private mutating func indexArray() throws(JSONParsingError) {
        let position = try open(.array)
        var count: UInt32 = 0
        if isClosed(by: ASCII.closeBracket) {
            close(position, count: 0)
            return
        }
        repeat {
            try indexValue()
            count += 1
        } while try takeSeparator(closing: ASCII.closeBracket, in: "a list")
        close(position, count: count)
    }

    /// Whether the container closes at once, being empty.
    private mutating func isClosed(by closing: UInt8) -> Bool {
        parser.skipWhitespace()
        return parser.index < parser.bytes.count && parser.bytes[parser.index] == closing
    }

    /// After a field or an element: takes a comma and says `true` (another follows), or
    /// finds the closing bracket and says `false`, leaving it for ``close(_:count:)``.
    private mutating func takeSeparator(closing: UInt8, in container: String) throws(JSONParsingError) -> Bool {
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else { throw parser.error("unexpected end of input in \(container)") }
        switch parser.bytes[parser.index] {
        case ASCII.comma:
            parser.index += 1
            return true
        case closing:
            return false
        default:
            throw parser.error("expected ',' or '\(Unicode.Scalar(closing))' in \(container)")
        }
    }

    /// Records a string's text between its quotes, checking its escapes without applying them.
    private mutating func indexString() throws(JSONParsingError) {
        let (text, escaped) = try parser.scanString()
        // The parser stands just past the closing quote.
        let start = parser.index - 1 - text.count
        appendScalar(escaped ? .escapedString : .string, start: start, count: text.count)
    }
}
