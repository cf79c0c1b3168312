/// How the parts of a `multipart/mixed` answer are framed: the boundary and the header
/// block before each part's JSON. Both answers in parts use it: incremental delivery
/// (boundary `-`) and multipart subscriptions (boundary `graphql`).
///
/// Every part is followed at once by the delimiter line after it (`\r\n--boundary`), so that
/// a client, which reads a part to the next delimiter, has the part whole as soon as it
/// arrives; what comes after that line (the next part's header block, or `--\r\n`) goes out
/// with the next write.
struct MultipartFraming: Sendable {
    /// The boundary, as the `Content-Type` names it.
    let boundary: String
    /// The `\r\n`, header fields and blank line between a delimiter line and a part's JSON.
    let headerBlock: [UInt8]

    /// - Parameter contentType: the `content-type` field of each part.
    init(boundary: String, contentType: String) {
        self.boundary = boundary
        self.headerBlock = Array("\r\ncontent-type: \(contentType)\r\n\r\n".utf8)
    }

    /// `--` and the boundary, the start of every delimiter line.
    var delimiter: String { "--" + boundary }

    /// The delimiter line `delimiter` stands on, with the line break before it.
    static func delimiterLine(_ delimiter: String) -> [UInt8] {
        Array("\r\n\(delimiter)".utf8)
    }

    /// The part's header block, its JSON, and the delimiter line that follows it.
    func partThenDelimiter(_ json: [UInt8]) -> [UInt8] {
        headerBlock + json + Self.delimiterLine(delimiter)
    }

    /// What turns the last delimiter line into the close delimiter (`--boundary--`).
    static let closing: [UInt8] = Array("--\r\n".utf8)

    /// The framing of incremental (`@defer`, `@stream`) answers.
    static let incremental = MultipartFraming(boundary: "-", contentType: "application/json; charset=utf-8")
}
