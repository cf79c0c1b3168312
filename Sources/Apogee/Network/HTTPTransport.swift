import Foundation
import HTTPTypes

/// Sends HTTP requests: the last step of every operation.
///
/// ``URLSessionTransport`` is the one the client uses by default. Another transport (an
/// AsyncHTTPClient one on servers, say) conforms by sending the request and reporting
/// failures to get a response as ``ApogeeError/transport(_:)``.
public protocol HTTPTransport: Sendable {
    /// Sends the request and returns the whole response, or throws when no response came.
    /// Cancelling the calling task must cancel the request.
    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse
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
