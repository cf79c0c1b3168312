/// The bytes of a whole `multipart/mixed` answer whose parts are all known (an incremental
/// answer), split into the writes that go out one at a time: each write ends with the
/// delimiter line after its part, so a client can read a part whole as soon as it arrives.
///
/// ```
/// \r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n{…}\r\n---\r\ncontent-type: …\r\n\r\n{…}\r\n-----\r\n
/// ```
struct MultipartMixedBody {
    let framing: MultipartFraming
    /// The JSON of each part.
    var parts: [[UInt8]]
    /// The delimiter before each part; a fault may spoil one.
    var delimiters: [String]
    /// Whether the close delimiter follows the last part.
    var closes = true
    /// When set, the writes stop after this many bytes of the part at this index, and the
    /// connection closes.
    var cut: (part: Int, bytes: Int)?

    init(parts: [[UInt8]], framing: MultipartFraming = .incremental) {
        self.framing = framing
        self.parts = parts
        self.delimiters = Array(repeating: framing.delimiter, count: parts.count)
    }

    /// What to write, in order; each write is one part with the delimiter line that follows it.
    var writes: [[UInt8]] {
        var writes: [[UInt8]] = []
        for (index, part) in parts.enumerated() {
            var bytes: [UInt8] = index == 0 ? MultipartFraming.delimiterLine(delimiters[0]) : []
            bytes += framing.headerBlock + part
            if index + 1 < parts.count {
                bytes += MultipartFraming.delimiterLine(delimiters[index + 1])
            } else if closes {
                bytes += MultipartFraming.delimiterLine(framing.delimiter) + MultipartFraming.closing
            }
            if let cut, cut.part == index {
                writes.append(Array(bytes.prefix(cut.bytes)))
                return writes
            }
            writes.append(bytes)
        }
        return writes
    }

    /// Whether the connection closes after the writes, with the answer unfinished.
    var closesConnection: Bool { cut != nil }
}
