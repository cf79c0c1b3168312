/// Reads server-sent events from bytes as they arrive, following the HTML standard's
/// event-stream format: lines end with CR, LF or CRLF; a blank line dispatches the event;
/// lines starting with a colon are comments; `data` lines accumulate.
///
/// Bytes may arrive split anywhere, even inside a CRLF or a UTF-8 sequence: the parser keeps
/// the unfinished line until the rest comes.
struct ServerSentEventParser: Sendable {
    /// The longest line accepted, so a server that never ends a line cannot exhaust memory.
    static let maximumLineLength = 16 * 1024 * 1024

    private var line: [UInt8] = []
    private var lastWasCarriageReturn = false
    private var name = ""
    private var data: [String] = []
    private var id: String?
    private var hasFields = false

    /// Feeds bytes and returns the events they complete.
    mutating func consume(_ bytes: some Sequence<UInt8>) throws(SubscriptionError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where lastWasCarriageReturn:
                // The LF of a CRLF: the line already ended at the CR.
                lastWasCarriageReturn = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                lastWasCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                lastWasCarriageReturn = false
                guard line.count < Self.maximumLineLength else {
                    throw .malformedMessage("an event-stream line longer than \(Self.maximumLineLength) bytes")
                }
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return dispatch() }
        guard line[0] != UInt8(ascii: ":") else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": name = String(value); hasFields = true
        case "data": data.append(String(value)); hasFields = true
        case "id": id = String(value); hasFields = true
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            name = ""
            data.removeAll()
            hasFields = false
        }
        guard hasFields else { return nil }
        return ServerSentEvent(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"), id: id)
    }
}
