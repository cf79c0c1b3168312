import Apogee
import ApogeeAPI
import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOFoundationCompat
import NIOHTTPCompression

/// Sends requests with swift-server's AsyncHTTPClient on SwiftNIO: the HTTP stack of a server, or of a
/// Linux app that wants SwiftNIO's rather than FoundationNetworking's.
///
/// Bodies stream both ways: an upload is read from disk as it is sent and reports its
/// progress, a response is read piece by piece, up to ``Configuration/maximumResponseSize``
/// for a whole response, or as it arrives for ``stream(_:)`` (server-sent events). Each
/// request's `timeout` covers the whole exchange, head and body; cancelling the calling task
/// cancels the request. Redirects follow the same rules as on URLSession: no credentials to another origin,
/// and 307 and 308 send the body again.
///
/// ```swift
/// // Apogee makes its own `HTTPClient` and shuts it down when the transport goes away:
/// let client = ApogeeClient(url: endpoint, transport: AsyncHTTPClientTransport())
///
/// // Or it shares the one a Vapor or Hummingbird app already has, which the app shuts down:
/// let shared = ApogeeClient(url: endpoint, transport: AsyncHTTPClientTransport(client: app.http.client.shared))
/// ```
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The client that sends the requests.
    public let client: HTTPClient
    /// The transport's settings.
    public let configuration: Configuration
    /// Whether the transport made ``client`` and so shuts it down.
    private let ownsClient: Bool
    private let isShutDown = Locked(false)
    /// Bounds each body by its request's deadline.
    let watchdog: DeadlineWatchdog<EventLoopTimer>
    /// The last request read whole, without its header fields and body: the next one to the
    /// same endpoint is made from it (``wholeRequest(for:)``).
    let wholeRequestTemplate = Locked<HTTPClient.Request?>(nil)

    /// Creates a transport with a client of its own, made from `configuration`; the client
    /// is shut down by ``shutdown()`` or, failing that, when the transport goes away.
    public init(configuration: Configuration = Configuration()) {
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration.clientConfiguration)
        self.configuration = configuration
        watchdog = DeadlineWatchdog(eventLoop: client.eventLoopGroup.next())
        ownsClient = true
    }

    /// Creates a transport that sends through `client`, which the caller keeps and shuts down.
    ///
    /// Apogee follows redirects itself when the client's redirect configuration is
    /// `.disallow`; a client that follows them on its own applies AsyncHTTPClient's rule
    /// (it drops `Authorization` and cookies on another origin) to bodies held in memory.
    public init(client: HTTPClient, configuration: Configuration = Configuration()) {
        self.client = client
        self.configuration = configuration
        watchdog = DeadlineWatchdog(eventLoop: client.eventLoopGroup.next())
        ownsClient = false
    }

    deinit {
        guard ownsClient, !isShutDown.withLock({ $0 }) else { return }
        // The client stays alive until its connections are closed, then goes away.
        client.shutdown { _ in }
    }

    /// Shuts down the client the transport made, closing its connections; requests sent
    /// afterwards fail. A client passed in is left to its owner.
    public func shutdown() async throws {
        let wasShutDown = isShutDown.withLock { isShutDown in
            defer { isShutDown = true }
            return isShutDown
        }
        guard ownsClient, !wasShutDown else { return }
        try await client.shutdown()
    }

    /// Sends the request and reads the whole response, following redirects.
    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        try Task.checkCancellation()
        let deadline = ContinuousClock.now + request.timeout
        if request.body.data != nil {
            // The request's own deadline, when it comes first, ends the exchange with its error.
            if let requestDeadline = request.deadline, requestDeadline.instant < deadline {
                return try await wholeResponseFollowingRedirects(request, deadline: requestDeadline.instant, exceeded: requestDeadline.exceeded)
            }
            return try await wholeResponseFollowingRedirects(request, deadline: deadline, exceeded: nil)
        }
        let (response, sent) = try await headFollowingRedirects(request, deadline: deadline)
        let body = try await collect(response.body, of: sent, deadline: deadline)
        return HTTPTransportResponse(head: Self.head(of: response), body: body)
    }

    /// Sends the request and returns once the head arrives, within the request's timeout; the
    /// body then arrives piece by piece for as long as the server sends it, each piece within
    /// the request's timeout of the one before (a stream that stalls with its connection open
    /// fails with `TransportError.Kind.timedOut`, as on URLSession). Stopping the iteration,
    /// or cancelling its task, cancels the request.
    public func stream(_ request: HTTPTransportRequest) async throws -> HTTPStreamingResponse {
        try Task.checkCancellation()
        let (response, sent) = try await headFollowingRedirects(request, deadline: ContinuousClock.now + request.timeout)
        return HTTPStreamingResponse(head: Self.head(of: response), body: pieces(of: response.body, url: sent.url, idleTimeout: sent.timeout))
    }
}

extension AsyncHTTPClientTransport {
    /// Sends `request` and the redirects it leads to; returns the final response, whose
    /// body is still to be read, and the request that got it.
    private func headFollowingRedirects(_ request: HTTPTransportRequest, deadline: ContinuousClock.Instant) async throws -> (HTTPClientResponse, HTTPTransportRequest) {
        var current = request
        for _ in 0...RedirectRules.maximumRedirects {
            let response = try await head(for: current, deadline: deadline)
            guard let next = RedirectRules.request(after: Self.head(of: response), to: current) else {
                return (response, current)
            }
            // Read to the end so the connection can serve the next request.
            _ = try? await collect(response.body, of: current, deadline: deadline)
            current = next
        }
        throw ApogeeError.transport(TransportError(kind: .other, url: request.url, message: "more than \(RedirectRules.maximumRedirects) redirects"))
    }

    /// Sends `request`, whose body is in memory, and the redirects it leads to; returns the
    /// final response, read whole.
    /// `exceeded`, when given, is thrown at `deadline` instead of a timeout.
    private func wholeResponseFollowingRedirects(
        _ request: HTTPTransportRequest,
        deadline: ContinuousClock.Instant,
        exceeded: (any Error)?
    ) async throws -> HTTPTransportResponse {
        var current = request
        for _ in 0...RedirectRules.maximumRedirects {
            let response = try await wholeResponse(for: current, deadline: deadline, exceeded: exceeded)
            guard let next = RedirectRules.request(after: response.head, to: current) else { return response }
            current = next
        }
        throw ApogeeError.transport(TransportError(kind: .other, url: request.url, message: "more than \(RedirectRules.maximumRedirects) redirects"))
    }

    /// Sends one request whose body is in memory and reads its whole response, at most until
    /// `deadline`.
    ///
    /// The body is gathered on the event loop and the deadline is AsyncHTTPClient's own, which
    /// covers the head and the body: the calling task waits for one answer, and no task of
    /// the transport's own has to be started and awaited for the body, as it must when the body
    /// arrives as an async sequence (``stream(_:)``, streamed uploads).
    private func wholeResponse(for request: HTTPTransportRequest, deadline: ContinuousClock.Instant, exceeded: (any Error)?) async throws -> HTTPTransportResponse {
        let limit = configuration.maximumResponseSize
        do {
            let outgoing = try wholeRequest(for: request)
            let accumulator = ResponseAccumulator(request: outgoing, maxBodySize: limit)
            let remaining = max(deadline - ContinuousClock.now, .zero)
            let task = client.execute(request: outgoing, delegate: accumulator, deadline: .now() + TimeAmount(remaining))
            let response = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            return HTTPTransportResponse(head: Self.head(of: response), body: response.body.map { Data(buffer: $0) } ?? Data())
        } catch let error as HTTPClientError where error == .deadlineExceeded && exceeded != nil {
            throw exceeded ?? error
        } catch is ResponseAccumulator.ResponseTooBigError {
            throw ApogeeError.responseTooLarge(url: request.url, limit: limit)
        } catch let error as NIOHTTPDecompression.DecompressionError where error == .limit {
            throw ApogeeError.responseTooLarge(url: request.url, limit: limit)
        } catch {
            throw Self.transportError(error, url: request.url, timeout: request.timeout)
        }
    }

    /// Sends one request and waits for its head, at most until `deadline`.
    private func head(for request: HTTPTransportRequest, deadline: ContinuousClock.Instant) async throws -> HTTPClientResponse {
        let outgoing = try Self.clientRequest(for: request, tlsConfiguration: configuration.tlsConfiguration)
        let remaining = deadline - ContinuousClock.now
        do {
            return try await client.execute(outgoing, timeout: TimeAmount(max(remaining, .zero)))
        } catch {
            throw Self.transportError(error, url: request.url, timeout: request.timeout)
        }
    }

    /// The whole body, at most ``Configuration/maximumResponseSize`` bytes, by `deadline`.
    ///
    /// A compressed body is bounded as it is inflated (see ``Configuration``), so a small
    /// response that inflates without end fails at the limit too, not after it.
    private func collect(_ body: HTTPClientResponse.Body, of request: HTTPTransportRequest, deadline: ContinuousClock.Instant) async throws -> Data {
        let limit = configuration.maximumResponseSize
        let url = request.url
        let remaining = max(deadline - ContinuousClock.now, .zero)
        do {
            return try await watchdog.run(until: .now() + TimeAmount(remaining)) {
                var collected = ByteBuffer()
                for try await var piece in body {
                    guard collected.readableBytes + piece.readableBytes <= limit else {
                        throw ApogeeError.responseTooLarge(url: url, limit: limit)
                    }
                    collected.writeBuffer(&piece)
                }
                return Data(buffer: collected)
            }
        } catch is DeadlineWatchdog<EventLoopTimer>.Expired {
            throw ApogeeError.transport(TransportError(kind: .timedOut, url: url, message: "no whole response within \(request.timeout)"))
        } catch let error as NIOHTTPDecompression.DecompressionError where error == .limit {
            throw ApogeeError.responseTooLarge(url: url, limit: limit)
        } catch {
            throw Self.transportError(error, url: url, timeout: request.timeout)
        }
    }
}

extension AsyncHTTPClientTransport: CustomStringConvertible {
    /// The stack's name, for logs and the examples' first lines.
    public var description: String { "AsyncHTTPClient (SwiftNIO)" }
}

/// A request whose body is in memory (every query and mutation without files) is read whole
/// under AsyncHTTPClient's own deadline, which covers head and body; the request's deadline
/// becomes that deadline when it comes first.
extension AsyncHTTPClientTransport: KeepsRequestDeadline {}
