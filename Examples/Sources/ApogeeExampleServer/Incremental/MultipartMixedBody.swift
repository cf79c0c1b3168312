/// The bytes of a `multipart/mixed` answer with boundary `-`, split into the writes that go
/// out one at a time: each write ends with the delimiter after its part, so a client can read
/// a part whole as soon as it arrives.
///
/// ```
/// \r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n{…}\r\n---\r\ncontent-type: …\r\n\r\n{…}\r\n-----\r\n
/// ```
struct MultipartMixedBody {
    static let partHeader = "\r\ncontent-type: application/json; charset=utf-8\r\n\r\n"
    static let delimiter = "---"
    static let closeDelimiter = "-----"

    /// The JSON of each part.
    var parts: [[UInt8]]
    /// The delimiter line before each part; a fault may spoil one.
    var delimiters: [String]
    /// Whether the close delimiter follows the last part.
    var closes = true
    /// When set, the writes stop after this many bytes of the part at this index, and the
    /// connection closes.
    var cut: (part: Int, bytes: Int)?

    init(parts: [[UInt8]]) {
        self.parts = parts
        self.delimiters = Array(repeating: Self.delimiter, count: parts.count)
    }

    /// What to write, in order; each write is one part with the delimiter line that follows it.
    var writes: [[UInt8]] {
        var writes: [[UInt8]] = []
        for (index, part) in parts.enumerated() {
            var bytes: [UInt8] = index == 0 ? Array("\r\n\(delimiters[0])".utf8) : []
            bytes += Array(Self.partHeader.utf8) + part
            if index + 1 < parts.count {
                bytes += Array("\r\n\(delimiters[index + 1])".utf8)
            } else if closes {
                bytes += Array("\r\n\(Self.closeDelimiter)\r\n".utf8)
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
