import ApogeeAPI
import Foundation
import HTTPTypes

/// Sends HTTP requests: the last step of every operation.
///
/// The client uses ``platformDefaultHTTPTransport()``, a ``URLSessionTransport``, unless given
/// another, such as the `ApogeeAsyncHTTPClient` product's `AsyncHTTPClientTransport` on
/// SwiftNIO. Another transport conforms by sending
/// the request and reporting failures to get a response as ``ApogeeError/transport(_:)``.
public protocol HTTPTransport: Sendable {
    /// Sends the request and returns the whole response, or throws when no response came.
    /// Cancelling the calling task must cancel the request.
    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse

    /// Sends the request and returns as soon as the response's head arrives, with its body as
    /// a stream of pieces in the order they arrive: what GraphQL over server-sent events reads.
    /// Stopping the iteration of the body, or cancelling its task, cancels the request.
    ///
    /// The default sends the request with ``send(_:)`` and gives the whole body as one piece,
    /// so a transport without streaming still serves subscriptions, only not as they happen.
    func stream(_ request: HTTPTransportRequest) async throws -> HTTPStreamingResponse

    /// Releases the connections and threads the transport made; one that uses a client it
    /// was given leaves that client running. Nothing by default.
    func shutdown() async throws
}

extension HTTPTransport {
    /// Sends the request with ``send(_:)`` and gives the whole body as one piece.
    public func stream(_ request: HTTPTransportRequest) async throws -> HTTPStreamingResponse {
        let response = try await send(request)
        // One piece, handed out by the iterator itself: no buffer, no continuation to resume.
        let body = Locked<Data?>(response.body)
        return HTTPStreamingResponse(head: response.head, body: AsyncThrowingStream(unfolding: { body.withLock { $0.take() } }))
    }

    /// Nothing to release.
    public func shutdown() async throws {}
}

/// An HTTP request ready to send.
public struct HTTPTransportRequest: Sendable {
    /// The method.
    public var method: HTTPRequest.Method
    /// The full URL, with any query parameters.
    public var url: URL
    /// The header fields.
    public var headers: HTTPFields
    /// The body.
    public var body: HTTPBody
    /// How long to wait for the response.
    public var timeout: Duration
    /// The whole-request deadline, when the chain keeps it itself: a transport that keeps it
    /// (``KeepsRequestDeadline``) ends the exchange at it, with its error, if that comes
    /// before ``timeout``.
    package var deadline: RequestDeadline?

    /// Creates a request.
    public init(method: HTTPRequest.Method, url: URL, headers: HTTPFields, body: HTTPBody = .empty, timeout: Duration) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// An HTTP response with its whole body.
public struct HTTPTransportResponse: Sendable {
    /// The status and header fields.
    public var head: HTTPResponse
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(head: HTTPResponse, body: Data) {
        self.head = head
        self.body = body
    }
}

/// An HTTP response whose body arrives in pieces.
public struct HTTPStreamingResponse: Sendable {
    /// The status and header fields.
    public var head: HTTPResponse
    /// The body, piece by piece; it throws ``ApogeeError/transport(_:)`` when the connection
    /// breaks before the body ends.
    public var body: AsyncThrowingStream<Data, any Error>

    /// Creates a response.
    public init(head: HTTPResponse, body: AsyncThrowingStream<Data, any Error>) {
        self.head = head
        self.body = body
    }

    /// The whole body, read to its end, as a response of the kind ``HTTPTransport/send(_:)``
    /// returns.
    public func collected() async throws -> HTTPTransportResponse {
        var data = Data()
        for try await piece in body {
            data.append(piece)
        }
        return HTTPTransportResponse(head: head, body: data)
    }
}
