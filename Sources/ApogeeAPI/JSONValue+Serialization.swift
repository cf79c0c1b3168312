extension JSONValue {
    /// The value as compact UTF-8 JSON text, object keys sorted, so equal values give equal bytes.
    public func serialized() -> [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }

    /// The value as compact JSON text, object keys sorted.
    public var serializedString: String {
        String(decoding: serialized(), as: UTF8.self)
    }
}

/// Writes compact JSON text into a byte buffer.
///
/// For JSON whose members must keep an order of their own (a request's variables in declared
/// order, a response's fields in selection order), written with the same escaping rules as
/// ``JSONValue``: the client, the SQLite store and the example server all write with it.
public struct JSONWriter: Sendable {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer.
    public init() {}

    /// Writes raw bytes that are already valid JSON syntax, such as punctuation.
    @inline(__always)
    public mutating func writeRaw(_ text: StaticString) {
        // Punctuation, nearly every call: one byte appended costs less than a copy of a buffer.
        if text.utf8CodeUnitCount == 1 {
            bytes.append(text.utf8Start.pointee)
        } else {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }

    /// Makes room for `count` more bytes, when the caller can tell how long the text will be.
    package mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Writes text that needs no escaping, such as a GraphQL name, as it is.
    package mutating func writeUnescaped(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a value; object keys are sorted.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeRaw("null")
        case .bool(let bool): bool ? writeRaw("true") : writeRaw("false")
        case .int(let int): write(int)
        case .double(let double): write(double)
        case .string(let string): write(string)
        case .array(let array):
            writeRaw("[")
            for (offset, element) in array.enumerated() {
                if offset > 0 { writeRaw(",") }
                write(element)
            }
            writeRaw("]")
        case .object(let object):
            writeRaw("{")
            for (offset, key) in object.keys.sorted().enumerated() {
                if offset > 0 { writeRaw(",") }
                write(key)
                writeRaw(":")
                // The key comes from the object's own keys, so the lookup always succeeds.
                write(object[key] ?? .null)
            }
            writeRaw("}")
        }
    }

    /// Writes an integer's decimal digits, with no string made for them.
    package mutating func write(_ int: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumDigits) { text in
            guard let base = text.baseAddress else { return }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: Self.writeDigits(of: int, to: base)))
        }
    }

    /// The most bytes ``writeDigits(of:to:)`` writes: a sign and 20 digits.
    package static var maximumDigits: Int { 21 }

    /// Writes an integer's decimal text (a minus sign, then digits) at `target`, which has room
    /// for ``maximumDigits`` bytes; returns how many it wrote.
    package static func writeDigits(of int: Int, to target: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1
        var probe = int.magnitude / 10
        while probe > 0 {
            digits += 1
            probe /= 10
        }
        let sign = int < 0 ? 1 : 0
        if sign == 1 { target[0] = UInt8(ascii: "-") }
        var magnitude = int.magnitude
        var position = sign + digits
        repeat {
            position -= 1
            target[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return sign + digits
    }

    /// Writes a number; non-finite values, which JSON cannot express, are written as `null`.
    public mutating func write(_ double: Double) {
        guard double.isFinite else {
            writeRaw("null")
            return
        }
        if double == double.rounded(), abs(double) < 1e15 {
            // Whole numbers keep a fraction so that they read back as floating point.
            bytes.append(contentsOf: String(Int(double)).utf8)
            writeRaw(".0")
        } else {
            bytes.append(contentsOf: double.description.utf8)
        }
    }

    /// Writes a string with JSON escaping.
    public mutating func write(_ string: String) {
        bytes.append(ASCII.quote)
        var string = string
        // Runs of bytes that need no escape (nearly all of a document) are copied whole.
        string.withUTF8 { utf8 in
            guard Self.anyNeedsEscape(utf8) else {
                bytes.append(contentsOf: utf8)
                return
            }
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard Self.needsEscape(byte) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                writeEscaped(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(ASCII.quote)
    }

    /// Whether a byte of a string's UTF-8 is written escaped: a quote, a backslash or a
    /// control character.
    @inline(__always)
    package static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash
    }

    /// Whether any byte of a string's UTF-8 needs an escape (``needsEscape(_:)``): eight bytes
    /// at a time while eight are left (a word that may hold one is looked at byte by byte),
    /// then one at a time.
    package static func anyNeedsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        var index = 0
        while index + 8 <= utf8.count {
            if JSONParser.mayEndRun(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)),
               UnsafeBufferPointer(start: base + index, count: 8).contains(where: needsEscape) {
                return true
            }
            index += 8
        }
        return UnsafeBufferPointer(rebasing: utf8[index...]).contains(where: needsEscape)
    }

    /// Writes the escape sequence of a quote, a backslash or a control character.
    private mutating func writeEscaped(_ byte: UInt8) {
        switch byte {
        case ASCII.quote: writeRaw("\\\"")
        case ASCII.backslash: writeRaw("\\\\")
        case 0x0A: writeRaw("\\n")
        case 0x0D: writeRaw("\\r")
        case 0x09: writeRaw("\\t")
        default:
            writeRaw("\\u00")
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private enum ASCII {
        static let quote = UInt8(ascii: "\"")
        static let backslash = UInt8(ascii: "\\")
    }
}
