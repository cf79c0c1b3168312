import ApogeeAPI
import ApogeeStore

/// The text of the columns of the rows being written: a byte buffer that every statement of a
/// write uses again, so that encoding a row allocates nothing once the buffer has grown to the
/// largest batch of rows.
///
/// It writes the common values (names, strings, numbers, references) byte by byte with one
/// capacity check each; anything rarer, or a string that needs escaping, goes through
/// `JSONWriter`, so the text is the same as ``Record``'s persisted JSON either way.
final class ColumnText {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    deinit {
        start.deallocate()
    }

    /// The bytes in `range` of the text written; valid until the next write.
    func bytes(in range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: start + range.lowerBound, count: range.count)
    }

    /// Forgets the text, keeping the buffer.
    func removeAll() {
        count = 0
    }

    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }

    /// Writes one byte of JSON syntax.
    @inline(__always)
    func write(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Writes raw bytes that are already valid JSON syntax.
    @inline(__always)
    func writeRaw(_ text: StaticString) {
        if text.utf8CodeUnitCount == 1 {
            write(text.utf8Start.pointee)
        } else {
            write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }

    private func write(_ raw: UnsafeRawBufferPointer) {
        guard let base = raw.baseAddress, !raw.isEmpty else { return }
        reserve(raw.count)
        (start + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: raw.count)
        count += raw.count
    }

    /// Writes a JSON string.
    func write(_ string: String) {
        var text = string
        // Copied whole when no byte needs an escape, which holds for nearly every field name
        // and value: the bytes are checked with one call, eight at a time, since a check called
        // from another module for every byte cost more than the copy.
        let plain = text.withUTF8 { utf8 in
            guard !JSONWriter.anyNeedsEscape(utf8) else { return false }
            reserve(utf8.count + 2)
            start[count] = UInt8(ascii: "\"")
            if let source = utf8.baseAddress { (start + count + 1).update(from: source, count: utf8.count) }
            start[count + 1 + utf8.count] = UInt8(ascii: "\"")
            count += utf8.count + 2
            return true
        }
        guard !plain else { return }
        var writer = JSONWriter()
        writer.write(string)
        writer.bytes.withUnsafeBytes { write($0) }
    }

    /// Writes an integer's decimal digits where they go, without a buffer of their own.
    func write(_ int: Int) {
        reserve(JSONWriter.maximumDigits)
        count += JSONWriter.writeDigits(of: int, to: start + count)
    }

    /// Writes a JSON value; the common scalars here, the rest through `JSONWriter`.
    func write(_ value: JSONValue) {
        switch value {
        case .null: writeRaw("null")
        case .bool(let bool): bool ? writeRaw("true") : writeRaw("false")
        case .int(let int): write(int)
        case .string(let string): write(string)
        case .double, .array, .object:
            var writer = JSONWriter()
            writer.write(value)
            writer.bytes.withUnsafeBytes { write($0) }
        }
    }

    /// Writes a field value as `RecordValue.persistedJSON` gives it.
    func writePersisted(_ value: RecordValue) {
        switch value {
        case .null:
            writeRaw("null")
        case .scalar(.object):
            var writer = JSONWriter()
            writer.writePersisted(value)
            writer.bytes.withUnsafeBytes { write($0) }
        case .scalar(let json):
            write(json)
        case .reference(let key):
            writeRaw("{\"$ref\":")
            write(key.rawValue)
            write(UInt8(ascii: "}"))
        case .list(let elements):
            writeRaw("{\"$list\":[")
            for (offset, element) in elements.enumerated() {
                if offset > 0 { write(UInt8(ascii: ",")) }
                writePersisted(element)
            }
            writeRaw("]}")
        case .fieldError:
            var writer = JSONWriter()
            writer.writePersisted(value)
            writer.bytes.withUnsafeBytes { write($0) }
        }
    }
}
