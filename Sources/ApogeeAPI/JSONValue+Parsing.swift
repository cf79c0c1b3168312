/// An error in JSON text, with the byte offset where reading stopped.
public struct JSONParsingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// The offset, in bytes from the start of the input, where the problem was found.
    public var offset: Int

    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}

extension JSONValue {
    /// The deepest nesting the parser accepts; deeper input is an error, never a stack overflow.
    public static let maximumParsingDepth = 512

    /// Parses UTF-8 JSON text.
    ///
    /// The parser reads the bytes directly rather than going through Foundation's
    /// `JSONSerialization`, whose `Any` trees are slow to walk on Linux and lose the
    /// difference between `1`, `1.0` and `true`.
    /// - Throws: ``JSONParsingError`` for malformed input or trailing content.
    public init(parsing bytes: some Sequence<UInt8>) throws {
        let parsed: JSONValue? = try bytes.withContiguousStorageIfAvailable { buffer in
            var parser = JSONParser(buffer)
            return try parser.parseDocument()
        }
        if let parsed {
            self = parsed
        } else {
            let array = Array(bytes)
            self = try array.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(buffer)
                return try parser.parseDocument()
            }
        }
    }

    /// Parses JSON text.
    public init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { buffer in
            var parser = JSONParser(buffer)
            return try parser.parseDocument()
        }
    }
}

enum ASCII {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let lowerE = UInt8(ascii: "e")
    static let upperE = UInt8(ascii: "E")
}

/// A recursive-descent JSON parser over a contiguous UTF-8 buffer.
///
/// Other modules of the package drive it to read a JSON format of their own straight into
/// their own values (the store's persisted records), without a ``JSONValue`` tree in between.
package struct JSONParser {
    // Internal, not private: `JSONDocument`'s index is built by an extension in its own file.
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONParsingError) -> JSONValue {
        let value = try parseValue()
        try finish()
        return value
    }

    /// Reads all of `text` with `body`, which drives the parser; only whitespace may follow
    /// what it reads.
    package static func read<Value>(
        _ text: String,
        with body: (inout JSONParser) throws(JSONParsingError) -> Value
    ) throws(JSONParsingError) -> Value {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(JSONParsingError) -> Value in
                var parser = JSONParser(bytes)
                let value = try body(&parser)
                try parser.finish()
                return value
            }
        }
        return try result.get()
    }

    /// Checks that only whitespace is left.
    package mutating func finish() throws(JSONParsingError) {
        skipWhitespace()
        if index != bytes.count {
            throw error("unexpected content after the end of the value")
        }
    }

    /// An error at the current offset.
    package func error(_ message: String) -> JSONParsingError {
        JSONParsingError(message: message, offset: index)
    }

    /// Skips whitespace and takes `byte` when it comes next; says whether it did.
    package mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips whitespace and takes `byte`, which must come next.
    package mutating func expect(_ byte: UInt8) throws(JSONParsingError) {
        guard take(byte) else { throw error("expected '\(Unicode.Scalar(byte))'") }
    }

    /// Skips whitespace and says which byte comes next, if any.
    package mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Reads a string, which must come next.
    package mutating func readString() throws(JSONParsingError) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == ASCII.quote else { throw error("expected a string") }
        return try parseString()
    }

    /// Reads any value, which must come next.
    package mutating func readValue() throws(JSONParsingError) -> JSONValue {
        try parseValue()
    }

    /// Counts a level of nesting that the caller enters, refusing one past the limit, so that
    /// hostile input cannot exhaust the stack.
    package mutating func enterNesting() throws(JSONParsingError) {
        try enterContainer()
    }

    /// Ends a level counted by ``enterNesting()``.
    package mutating func leaveNesting() {
        depth -= 1
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParsingError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case ASCII.openBrace: return .object(try parseObject())
        case ASCII.openBracket: return .array(try parseArray())
        case ASCII.quote: return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case ASCII.minus, ASCII.zero...ASCII.nine:
            return try parseNumber()
        default:
            throw error("unexpected character '\(Unicode.Scalar(bytes[index]))'")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParsingError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw error("invalid literal")
        }
        index += count
    }

    mutating func enterContainer() throws(JSONParsingError) {
        depth += 1
        if depth > JSONValue.maximumParsingDepth {
            throw error("nesting deeper than \(JSONValue.maximumParsingDepth) levels")
        }
    }

    private mutating func parseObject() throws(JSONParsingError) -> JSONObject {
        try enterContainer()
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == ASCII.closeBrace {
            index += 1
            depth -= 1
            return object
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == ASCII.quote else {
                throw error("expected a field name in quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == ASCII.colon else {
                throw error("expected ':' after a field name")
            }
            index += 1
            object[key] = try parseValue()
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[index] == ASCII.comma {
                index += 1
            } else if bytes[index] == ASCII.closeBrace {
                index += 1
                depth -= 1
                return object
            } else {
                throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(JSONParsingError) -> [JSONValue] {
        try enterContainer()
        index += 1
        var array = [JSONValue]()
        skipWhitespace()
        if index < bytes.count, bytes[index] == ASCII.closeBracket {
            index += 1
            depth -= 1
            return array
        }
        while true {
            array.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in a list") }
            if bytes[index] == ASCII.comma {
                index += 1
            } else if bytes[index] == ASCII.closeBracket {
                index += 1
                depth -= 1
                return array
            } else {
                throw error("expected ',' or ']' in a list")
            }
        }
    }

    private mutating func parseString() throws(JSONParsingError) -> String {
        let (text, escaped) = try scanString()
        return escaped ? Self.unescape(text) : String(decoding: text, as: UTF8.self)
    }

    /// Reads past a string whose opening quote comes next, checking it; returns the text
    /// between its quotes and whether that text holds escapes.
    ///
    /// Eight bytes at a time while none of them is a quote, a backslash or a control
    /// character: issue and comment bodies are long, and a byte-at-a-time loop was most of
    /// the time of reading them.
    mutating func scanString() throws(JSONParsingError) -> (text: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        index += 1
        let start = index
        var escaped = false
        while true {
            if let base = bytes.baseAddress {
                while index + 8 <= bytes.count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if Self.mayEndRun(word) { break }
                    index += 8
                }
            }
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == ASCII.quote {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return (text, escaped)
            }
            if byte == ASCII.backslash {
                escaped = true
                // A one-byte escape (most of a body's: `\n`, `\r`, `\"`) needs only a look;
                // `\u` and anything wrong go through the full check.
                if index + 1 < bytes.count, Self.oneByteEscape(bytes[index + 1]) != nil {
                    index += 2
                } else {
                    index += 1
                    _ = try readEscape()
                }
            } else if byte < 0x20 {
                throw error("control character in a string")
            } else {
                index += 1
            }
        }
    }

    /// What `byte`, after a backslash, stands for in a one-byte escape (`\n`, `\"`), or `nil`
    /// for `\u` and anything that is no escape.
    @inline(__always)
    static func oneByteEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case ASCII.quote, ASCII.backslash, UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// Whether any of the eight bytes is a quote, a backslash or below 0x20: what ends a run
    /// of a string's text, and what a writer escapes. (Bytes of 0x80 and above, UTF-8's
    /// multi-byte sequences, may give a false yes; the caller then goes a byte at a time, which
    /// decides.)
    static func mayEndRun(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let quotes = word ^ (ones &* UInt64(ASCII.quote))
        let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
        let controls = (word &- ones &* 0x20) & ~word & highs
        return hasZeroByte(quotes) || hasZeroByte(backslashes) || controls != 0
    }

    /// The string that checked text with escapes stands for. An escape never takes fewer bytes
    /// than what it stands for, so the text's length is room enough.
    ///
    /// The text is copied eight bytes at a time, each word stored whole and the part before a
    /// backslash kept: a body's escapes (a line break every line) come every few dozen bytes,
    /// and a call to find each one and another to copy the run before it cost more than the
    /// bytes themselves.
    static func unescape(_ text: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: text.count) { buffer in
            guard let source = text.baseAddress, let target = buffer.baseAddress else { return 0 }
            let count = text.count
            let ones: UInt64 = 0x0101_0101_0101_0101
            let backslashes = ones &* UInt64(ASCII.backslash)
            var parser = JSONParser(text)
            var read = 0
            var written = 0
            while read < count {
                if read + 8 <= count {
                    // `written` never passes `read`, so the word fits where it is stored.
                    let raw = UnsafeRawPointer(source + read).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(target + written).storeBytes(of: raw, as: UInt64.self)
                    let word = UInt64(littleEndian: raw) ^ backslashes
                    let found = (word &- ones) & ~word & 0x8080_8080_8080_8080
                    if found == 0 {
                        read += 8
                        written += 8
                        continue
                    }
                    // The lowest marked byte is the first backslash: a borrow only moves up.
                    let run = found.trailingZeroBitCount / 8
                    read += run
                    written += run
                } else if source[read] != ASCII.backslash {
                    target[written] = source[read]
                    read += 1
                    written += 1
                    continue
                }
                // At a backslash. Most escapes in text are one byte (a body's line breaks):
                // written here, without the call and the checks of a `\u`.
                read += 1
                guard read < count else { break }
                if let meaning = Self.oneByteEscape(source[read]) {
                    target[written] = meaning
                    written += 1
                    read += 1
                    continue
                }
                // Checked when the text was scanned; text that was not stops here.
                parser.index = read
                guard let escape = try? parser.readEscape() else { break }
                read = parser.index
                switch escape {
                case .byte(let byte):
                    target[written] = byte
                    written += 1
                case .scalar(let scalar):
                    guard let encoded = UTF8.encode(scalar) else { break }
                    for byte in encoded {
                        target[written] = byte
                        written += 1
                    }
                }
            }
            return written
        }
    }

    /// What an escape in a string stands for.
    enum Escape {
        /// A one-byte escape such as `\n`.
        case byte(UInt8)
        /// A `\u` escape, with a surrogate pair already combined.
        case scalar(Unicode.Scalar)
    }

    /// Reads the escape after a backslash, checking it.
    mutating func readEscape() throws(JSONParsingError) -> Escape {
        guard index < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[index]
        index += 1
        if let meaning = Self.oneByteEscape(byte) { return .byte(meaning) }
        switch byte {
        case UInt8(ascii: "u"):
            var scalarValue = UInt32(try parseHexQuad())
            if (0xD800..<0xDC00).contains(scalarValue) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == ASCII.backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate in a \\u escape")
                }
                index += 2
                let low = UInt32(try parseHexQuad())
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in a \\u escape") }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw error("invalid \\u escape") }
            return .scalar(scalar)
        default:
            throw error("invalid escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    mutating func parseHexQuad() throws(JSONParsingError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("unterminated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParsingError) -> JSONValue {
        let (text, isInteger) = try scanNumber()
        if isInteger, let integer = Self.integer(from: text) {
            return .int(integer)
        }
        return .double(try Self.double(from: text, at: index))
    }

    /// Reads past a number, checking its form; returns its text and whether it is written as
    /// an integer (no fraction, no exponent).
    mutating func scanNumber() throws(JSONParsingError) -> (text: UnsafeBufferPointer<UInt8>, isInteger: Bool) {
        let start = index
        var isInteger = true
        if bytes[index] == ASCII.minus { index += 1 }
        guard index < bytes.count, (ASCII.zero...ASCII.nine).contains(bytes[index]) else {
            throw error("expected a digit")
        }
        if bytes[index] == ASCII.zero {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == ASCII.dot {
            isInteger = false
            index += 1
            guard index < bytes.count, (ASCII.zero...ASCII.nine).contains(bytes[index]) else {
                throw error("expected a digit after '.'")
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == ASCII.lowerE || bytes[index] == ASCII.upperE {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus { index += 1 }
            guard index < bytes.count, (ASCII.zero...ASCII.nine).contains(bytes[index]) else {
                throw error("expected a digit in the exponent")
            }
            skipDigits()
        }
        return (UnsafeBufferPointer(rebasing: bytes[start..<index]), isInteger)
    }

    /// The value of a checked number's text. A number beyond Double's range would read as
    /// infinity, which JSON cannot write back: it is refused rather than changed.
    static func double(from text: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONParsingError) -> Double {
        guard let double = Double(String(decoding: text, as: UTF8.self)), double.isFinite else {
            throw JSONParsingError(
                message: "the number \(String(decoding: text.prefix(40), as: UTF8.self)) is beyond the range of a 64-bit floating-point number",
                offset: offset
            )
        }
        return double
    }

    mutating func skipDigits() {
        while index < bytes.count, (ASCII.zero...ASCII.nine).contains(bytes[index]) { index += 1 }
    }

    /// Parses a validated integer literal; `nil` when it does not fit in `Int`.
    static func integer(from text: UnsafeBufferPointer<UInt8>) -> Int? {
        var negative = false
        var digits = text[...]
        if digits.first == ASCII.minus {
            negative = true
            digits = digits.dropFirst()
        }
        var value = 0
        for byte in digits {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let digit = Int(byte - ASCII.zero)
            let (next, overflow2) = negative
                ? shifted.subtractingReportingOverflow(digit)
                : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }
}
