import Foundation

/// A `multipart/form-data` body (RFC 7578) described as pieces: framing and fields in memory,
/// files by reference, so that its size is known and its bytes are produced only when sent.
struct MultipartFormData: Sendable {
    /// One run of the body's bytes.
    enum Segment: Sendable, Hashable {
        /// Bytes in memory: delimiters, part headers, fields, uploads given as `Data`.
        case bytes(Data)
        /// The first `length` bytes of a file, read while the body is sent; the path names
        /// the variable it is for, for errors.
        case file(URL, length: Int64, variablePath: String)

        var count: Int64 {
            switch self {
            case .bytes(let data): Int64(data.count)
            case .file(_, let length, _): length
            }
        }
    }

    /// The boundary; it must not occur in any part, which a long random one ensures.
    let boundary: String
    private(set) var segments: [Segment] = []
    /// Bytes not yet added as a segment, so that consecutive framing makes one segment.
    private var pending: [UInt8] = []
    private var isFinished = false

    init(boundary: String) {
        self.boundary = boundary
    }

    /// The `Content-Type` of the body, with its boundary.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A random boundary: 128 random bits, too many for a file to contain it by chance.
    static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
        return "apogee-" + digits.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
    }

    /// Adds a form field whose value is in memory.
    mutating func appendField(name: String, value: some Sequence<UInt8>) {
        appendPartHeader("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"")
        pending.append(contentsOf: value)
        pending.append(contentsOf: Self.lineBreak)
    }

    /// Adds a file part; its bytes come from memory or from a file on disk.
    mutating func appendFile(name: String, fileName: String, mimeType: String, content: Segment) {
        appendPartHeader(
            "Content-Disposition: form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(fileName))\"",
            "Content-Type: \(mimeType)"
        )
        switch content {
        case .bytes(let data):
            pending.append(contentsOf: data)
        case .file:
            flush()
            segments.append(content)
        }
        pending.append(contentsOf: Self.lineBreak)
    }

    /// Adds the closing delimiter; the body is complete after it.
    mutating func finish() {
        guard !isFinished else { return }
        pending.append(contentsOf: Array("--\(boundary)--".utf8) + Self.lineBreak)
        flush()
        isFinished = true
    }

    /// The number of bytes of the whole body.
    var count: Int64 {
        segments.reduce(Int64(pending.count)) { $0 + $1.count }
    }

    private mutating func appendPartHeader(_ lines: String...) {
        pending.append(contentsOf: Array("--\(boundary)".utf8) + Self.lineBreak)
        for line in lines {
            pending.append(contentsOf: Array(line.utf8) + Self.lineBreak)
        }
        pending.append(contentsOf: Self.lineBreak)
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        segments.append(.bytes(Data(pending)))
        pending.removeAll(keepingCapacity: true)
    }

    private static let lineBreak: [UInt8] = [0x0D, 0x0A]

    /// A name for a quoted header parameter, encoded as browsers do (WHATWG HTML's form
    /// encoding): a quote or a line break would end the header, so they become `%22`, `%0D`, `%0A`.
    static func quoted(_ name: String) -> String {
        var quoted = ""
        quoted.reserveCapacity(name.utf8.count)
        for character in name.unicodeScalars {
            switch character {
            case "\"": quoted += "%22"
            case "\r": quoted += "%0D"
            case "\n": quoted += "%0A"
            default: quoted.unicodeScalars.append(character)
            }
        }
        return quoted
    }
}
