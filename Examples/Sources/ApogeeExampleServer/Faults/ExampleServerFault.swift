/// A scripted misbehaviour: the next GraphQL request gets this instead of a normal answer,
/// so client tests can meet real bad responses over real HTTP.
///
/// Enqueue with ``ExampleServer/enqueueFault(_:)``. Faults are used in FIFO order, one per
/// request, by whichever GraphQL endpoint (`/graphql` or `/todo/graphql`) is asked next.
public struct ExampleServerFault: Sendable, CustomStringConvertible {
    enum Action: Sendable {
        /// A complete response.
        case respond(status: Int, headers: [String: String], body: [UInt8])
        /// Headers promising `declaredLength` bytes, part of the body, then the connection closes.
        case truncate(status: Int, headers: [String: String], declaredLength: Int, partialBody: [UInt8])
        /// The head and part of the body, then nothing for `duration`, then a closed connection.
        case stall(status: Int, headers: [String: String], declaredLength: Int, partialBody: [UInt8], duration: Duration)
        /// A pause, then `then` (or the normal answer when `nil`).
        indirect case delay(Duration, then: Action?)
        /// The normal answer, with these header fields added.
        case addHeaders([String: String])
        /// The head, then the body one byte at a time, `interval` apart.
        case drip(status: Int, headers: [String: String], body: [UInt8], interval: Duration)
        /// The next incremental (`multipart/mixed`) answer misbehaves; other requests pass it by.
        case incremental(IncrementalFault)
        /// The next multipart subscription misbehaves; other requests pass it by.
        case multipartSubscription(MultipartSubscriptionFault)

        /// Whether only an incremental answer takes this fault.
        var isIncremental: Bool {
            if case .incremental = self { return true }
            return false
        }

        /// Whether only a multipart subscription takes this fault.
        var isMultipartSubscription: Bool {
            if case .multipartSubscription = self { return true }
            return false
        }
    }

    let action: Action
    public let description: String

    /// Answers with any status, body and content type, e.g. a 500 with an HTML page.
    public static func httpStatus(
        _ status: Int,
        body: String = "",
        contentType: String = "text/plain; charset=utf-8",
        headers: [String: String] = [:]
    ) -> ExampleServerFault {
        var headers = headers
        headers["Content-Type"] = contentType
        return .init(action: .respond(status: status, headers: headers, body: Array(body.utf8)), description: "HTTP \(status)")
    }

    /// A 500 (or other status) with the kind of HTML error page a proxy or crashed server sends.
    public static func htmlErrorPage(status: Int = 500) -> ExampleServerFault {
        let page = """
            <!DOCTYPE html>
            <html><head><title>\(status) Internal Server Error</title></head>
            <body><h1>Internal Server Error</h1><p>The server encountered an unexpected condition.</p></body></html>
            """
        return httpStatus(status, body: page, contentType: "text/html; charset=utf-8")
    }

    /// Answers `body` as is: malformed JSON, a field of the wrong type, `null` for a non-null field…
    public static func rawBody(
        _ body: String,
        status: Int = 200,
        contentType: String = "application/graphql-response+json; charset=utf-8"
    ) -> ExampleServerFault {
        rawBody(bytes: Array(body.utf8), status: status, contentType: contentType)
    }

    /// Answers arbitrary bytes (invalid UTF-8 included), with `headers` added: a body sent as
    /// `Content-Encoding: gzip`, say.
    public static func rawBody(bytes: [UInt8], status: Int = 200, contentType: String, headers: [String: String] = [:]) -> ExampleServerFault {
        let headers = headers.merging(["Content-Type": contentType]) { _, contentType in contentType }
        return .init(action: .respond(status: status, headers: headers, body: bytes), description: "raw body (\(bytes.count) bytes)")
    }

    /// A 429 or 503 asking the client to come back after `seconds`.
    public static func retryAfter(seconds: Int, status: Int = 503, body: String = "") -> ExampleServerFault {
        httpStatus(status, body: body, headers: ["Retry-After": String(seconds)])
    }

    /// A redirect (307 keeps the method and body) to any URL, another origin included.
    public static func redirect(to location: String, status: Int = 307) -> ExampleServerFault {
        httpStatus(status, headers: ["Location": location])
    }

    /// Answers normally, with header fields added: a `Cache-Control: max-age=60` that the
    /// example server does not send of itself, say.
    public static func addingHeaders(_ headers: [String: String]) -> ExampleServerFault {
        .init(action: .addHeaders(headers), description: "normal answer with \(headers.keys.sorted().joined(separator: ", "))")
    }

    /// Waits before answering normally, for client timeouts and cancellation.
    public static func delay(_ duration: Duration) -> ExampleServerFault {
        .init(action: .delay(duration, then: nil), description: "delay \(duration)")
    }

    /// Waits, then answers with `fault`.
    public static func delay(_ duration: Duration, then fault: ExampleServerFault) -> ExampleServerFault {
        .init(action: .delay(duration, then: fault.action), description: "delay \(duration), then \(fault)")
    }

    /// Sends the head and the first bytes of the body, then nothing for `duration` (then
    /// closes the connection): a client's timeout must cover the body too, not just the head.
    public static func stallMidResponse(
        for duration: Duration,
        partialBody: String = #"{"data":{"launch":"#,
        contentType: String = "application/graphql-response+json; charset=utf-8"
    ) -> ExampleServerFault {
        let bytes = Array(partialBody.utf8)
        return .init(
            action: .stall(status: 200, headers: ["Content-Type": contentType], declaredLength: bytes.count * 4 + 64, partialBody: bytes, duration: duration),
            description: "stall after \(bytes.count) bytes for \(duration)"
        )
    }

    /// Sends a whole, valid response one byte at a time, `interval` apart: a server that is
    /// never idle long enough for an idle timeout, so only a deadline for the whole request
    /// ends the wait.
    public static func drip(
        every interval: Duration,
        body: String = #"{"data":{"launch":{"__typename":"Launch","id":"1","site":"KSC LC 39A"}}}"#,
        contentType: String = "application/graphql-response+json; charset=utf-8"
    ) -> ExampleServerFault {
        .init(
            action: .drip(status: 200, headers: ["Content-Type": contentType], body: Array(body.utf8), interval: interval),
            description: "drip \(body.utf8.count) bytes, one every \(interval)"
        )
    }

    /// Sends the headers with a `Content-Length` larger than the body, writes `partialBody`,
    /// then closes the connection: a response cut off mid-way.
    public static func closeMidResponse(
        partialBody: String = #"{"data":{"launches":{"cursor":"#,
        declaredLength: Int? = nil,
        contentType: String = "application/graphql-response+json; charset=utf-8"
    ) -> ExampleServerFault {
        let bytes = Array(partialBody.utf8)
        let length = max(declaredLength ?? bytes.count * 4 + 64, bytes.count + 1)
        return .init(
            action: .truncate(status: 200, headers: ["Content-Type": contentType], declaredLength: length, partialBody: bytes),
            description: "close after \(bytes.count) of \(length) bytes"
        )
    }
}
