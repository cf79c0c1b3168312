import Apogee
import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOSSL

extension AsyncHTTPClientTransport {
    /// AsyncHTTPClient's request for `request`. A streamed body is opened here, so a file that
    /// cannot be read fails before a connection is made.
    static func clientRequest(for request: HTTPTransportRequest, tlsConfiguration: TLSConfiguration?) throws -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        outgoing.headers = headers(of: request)
        outgoing.tlsConfiguration = tlsConfiguration
        if let data = request.body.data {
            if !data.isEmpty { outgoing.body = .bytes(data) }
        } else {
            let pieces = BodyStreamPieces(try request.body.makeStream())
            outgoing.body = .stream(pieces, length: request.body.count.map { .known(Int64($0)) } ?? .unknown)
        }
        return outgoing
    }

    /// AsyncHTTPClient's request, for a response read whole, for `request`, whose body is in
    /// memory. Made from a copy of the last one when it went to the same method and URL,
    /// since making one takes the URL apart again.
    func wholeRequest(for request: HTTPTransportRequest) throws -> HTTPClient.Request {
        let method = HTTPMethod(rawValue: request.method.rawValue)
        var outgoing: HTTPClient.Request
        if let template = wholeRequestTemplate.withLock({ $0 }), template.method == method, template.url == request.url {
            outgoing = template
        } else {
            outgoing = try HTTPClient.Request(url: request.url, method: method, tlsConfiguration: configuration.tlsConfiguration)
            wholeRequestTemplate.withLock { $0 = outgoing }
        }
        let data = request.body.data ?? Data()
        outgoing.headers = Self.headers(of: request)
        outgoing.body = data.isEmpty ? nil : .bytes(data)
        return outgoing
    }

    /// The request's header fields, as SwiftNIO spells them.
    private static func headers(of request: HTTPTransportRequest) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.reserveCapacity(request.headers.count)
        for field in request.headers {
            headers.add(name: field.name.rawName, value: field.value)
        }
        return headers
    }

    /// The status and header fields of a response.
    static func head(of response: HTTPClientResponse) -> HTTPResponse {
        head(status: response.status, headers: response.headers)
    }

    /// The status and header fields of a response read whole.
    static func head(of response: HTTPClient.Response) -> HTTPResponse {
        head(status: response.status, headers: response.headers)
    }

    private static func head(status: HTTPResponseStatus, headers: HTTPHeaders) -> HTTPResponse {
        var fields = HTTPFields()
        fields.reserveCapacity(headers.count)
        for (name, value) in headers {
            guard let name = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        return HTTPResponse(status: HTTPResponse.Status(code: Int(status.code), reasonPhrase: status.reasonPhrase), headerFields: fields)
    }

    /// A response body as the pieces of a streaming response, each within `idleTimeout` of
    /// the one before. The pieces are read in the reading task, so cancelling it, or dropping
    /// the stream, cancels the request.
    func pieces(of body: HTTPClientResponse.Body, url: URL, idleTimeout: Duration) -> AsyncThrowingStream<Data, any Error> {
        let iterator = BodyIterator(body.makeAsyncIterator())
        let watchdog = self.watchdog
        return AsyncThrowingStream {
            do {
                return try await watchdog.run(until: .now() + TimeAmount(idleTimeout)) {
                    try await iterator.next().map { Data(buffer: $0) }
                }
            } catch is DeadlineWatchdog<EventLoopTimer>.Expired {
                throw ApogeeError.transport(TransportError(kind: .timedOut, url: url, message: "nothing arrived for \(idleTimeout)"))
            } catch {
                throw Self.transportError(error, url: url, timeout: idleTimeout)
            }
        }
    }
}

/// The iterator of one streaming response body, read by one task at a time: the stream's
/// consumer. `@unchecked` because AsyncHTTPClient's iterator is not `Sendable`; the unfolding
/// stream calls `next()` once at a time.
private final class BodyIterator: @unchecked Sendable {
    private var base: HTTPClientResponse.Body.AsyncIterator

    init(_ base: HTTPClientResponse.Body.AsyncIterator) {
        self.base = base
    }

    func next() async throws -> ByteBuffer? {
        try await base.next()
    }
}
