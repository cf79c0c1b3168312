@testable import ApogeeAPI

/// The parts of a multipart subscription's body (boundary `graphql`), as the server frames them.
struct MultipartSubscriptionParts {
    static let accept = #"multipart/mixed;subscriptionSpec="1.0", application/graphql-response+json, application/json;q=0.9"#
    static let contentType = #"multipart/mixed;boundary="graphql";subscriptionSpec=1.0"#
    static let partHeader = "\r\ncontent-type: application/json\r\n\r\n"
    static let closeDelimiter = "\r\n--graphql--\r\n"

    /// Every part's JSON, in order, heartbeats included.
    var parts: [JSONValue] = []
    /// Whether the close delimiter came.
    var closed = false
    /// What did not read as a part.
    var malformed: [String] = []

    /// The parts that are not heartbeats.
    var messages: [JSONValue] { parts.filter { $0 != [:] } }
    /// How many heartbeats (`{}`) came.
    var heartbeats: Int { parts.count - messages.count }

    init(_ text: String) {
        guard text.hasPrefix("\r\n--graphql") else {
            malformed = [text]
            return
        }
        // The JSON never holds a line break, so every "\r\n--graphql" is a delimiter.
        for piece in text.components(separatedBy: "\r\n--graphql").dropFirst() {
            if piece == "--\r\n" {
                closed = true
            } else if piece.isEmpty {
                // The delimiter line after the last part, before its close or the next part came.
                continue
            } else if piece.hasPrefix(Self.partHeader), let json = try? JSONValue(parsing: String(piece.dropFirst(Self.partHeader.count))) {
                parts.append(json)
            } else {
                malformed.append(piece)
            }
        }
    }

    init(_ body: [UInt8]) {
        self.init(String(decoding: body, as: UTF8.self))
    }
}
