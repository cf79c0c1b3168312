@testable import ApogeeAPI
import NIOCore
import NIOPosix

/// A GraphQL POST over raw TCP whose answer is read byte for byte, chunked framing undone, so
/// that a `multipart/mixed` answer is seen exactly as the server wrote it, and as it arrives.
struct MultipartExchange {
    let status: Int
    let headers: [String: String]
    /// The body, chunked transfer coding removed.
    let body: [UInt8]
    /// Whether the body ended with HTTP's last chunk (rather than the connection closing).
    let endedCleanly: Bool

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Sends `query` and reads until the server closes, or until `stop` says the body so far
    /// is enough (then the client closes the connection).
    static func post(
        port: Int,
        path: String = "/graphql",
        query: String,
        variables: JSONObject? = nil,
        accept: String,
        headers extra: [String: String] = [:],
        stop: @Sendable ([UInt8]) -> Bool = { _ in false }
    ) async throws -> MultipartExchange {
        var object: JSONObject = ["query": .string(query)]
        if let variables { object["variables"] = .object(variables) }
        let json = JSONValue.object(object).serialized()
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
        head += "Accept: \(accept)\r\nContent-Length: \(json.count)\r\nConnection: close\r\n"
        for (name, value) in extra { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(bytes: Array(head.utf8) + json))
            var reader = ResponseReader()
            for try await buffer in inbound {
                reader.append(Array(buffer.readableBytesView))
                if reader.finished || (reader.head != nil && stop(reader.body)) { break }
            }
            return MultipartExchange(
                status: reader.status, headers: reader.headers, body: reader.body, endedCleanly: reader.finished)
        }
    }
}

/// Reads an HTTP/1.1 response head and its body, chunked or not, as the bytes come.
private struct ResponseReader {
    var raw: [UInt8] = []
    var head: String?
    var status = 0
    var headers: [String: String] = [:]
    var body: [UInt8] = []
    var finished = false
    private var cursor = 0
    private var chunked = false

    mutating func append(_ bytes: [UInt8]) {
        raw += bytes
        if head == nil {
            guard let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
            let text = String(decoding: raw[..<end.lowerBound], as: UTF8.self)
            head = text
            let lines = text.components(separatedBy: "\r\n")
            status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            chunked = headers["transfer-encoding"]?.lowercased().contains("chunked") == true
            cursor = end.upperBound
        }
        guard chunked else {
            body = Array(raw[cursor...])
            if let length = headers["content-length"].flatMap(Int.init), body.count >= length { finished = true }
            return
        }
        while !finished, let lineEnd = raw[cursor...].firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: raw[cursor..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else { return }
            guard raw.count >= lineEnd.upperBound + size + 2 else { return }
            body += raw[lineEnd.upperBound..<lineEnd.upperBound + size]
            cursor = lineEnd.upperBound + size + 2
            if size == 0 { finished = true }
        }
    }
}

/// The parts of a `multipart/mixed` body with boundary `-`, as the server frames them.
struct MultipartParts {
    /// Each part's JSON, in order.
    var payloads: [JSONValue] = []
    /// Whether the close delimiter came after the last part.
    var closed = false
    /// What did not read as a part: a wrong delimiter, a part cut short.
    var malformed: [String] = []

    static let partHeader = "\r\ncontent-type: application/json; charset=utf-8\r\n\r\n"

    init(_ text: String) {
        guard text.hasPrefix("\r\n---") else {
            malformed = [text]
            return
        }
        // The JSON never holds a line break, so every "\r\n---" is a delimiter.
        for piece in text.components(separatedBy: "\r\n---").dropFirst() {
            if piece == "--\r\n" {
                closed = true
            } else if piece.hasPrefix(Self.partHeader), let json = try? JSONValue(parsing: String(piece.dropFirst(Self.partHeader.count))) {
                payloads.append(json)
            } else {
                malformed.append(piece)
            }
        }
    }
}
