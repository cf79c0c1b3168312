import ApogeeAPI
import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with Foundation's `URLSession`, on Linux (FoundationNetworking) as on Apple
/// platforms.
///
/// Redirects are followed, but when one leads to another origin every header field that could
/// carry a credential is removed first. Cancelling the task that sends a request cancels the
/// `URLSession` task. Uploads are streamed from disk (see ``StreamedBodyStrategy``).
public final class URLSessionTransport: HTTPTransport {
    let session: URLSession
    /// The session for responses read as they arrive (server-sent events), made on first use:
    /// its delegate, not a completion handler, receives the body.
    let streamingSession: Locked<(session: URLSession, delegate: StreamingResponseDelegate)?> = Locked(nil)
    private let sessionConfiguration: URLSessionConfiguration
    /// Set by ``shutdown()``: later requests fail instead of starting.
    private let isShutDown = Locked(false)
    /// How bodies that are not in memory (uploads) reach `URLSession`.
    public let streamedBodies: StreamedBodyStrategy
    /// The largest whole response body accepted; a larger one fails with
    /// ``TransportError/Kind/responseTooLarge`` as soon as its bytes pass the limit, and the
    /// request is cancelled. 64 MiB by default. Streamed responses (server-sent events) are
    /// read as they arrive and have no total; each of their lines has a limit of its own.
    public let maximumResponseSize: Int

    /// Creates a transport with its own session.
    /// - Parameters:
    ///   - configuration: The session's configuration; ephemeral by default, so nothing
    ///     (cookies, cache) persists between runs unless asked for.
    ///   - streamedBodies: How uploads are handed to `URLSession`; the platform's best by default.
    ///   - maximumResponseSize: The largest whole response body accepted; 64 MiB by default.
    public init(
        configuration: URLSessionConfiguration = .ephemeral,
        streamedBodies: StreamedBodyStrategy = .platformDefault,
        maximumResponseSize: Int = defaultMaximumResponseSize
    ) {
        // The session keeps its delegate until it is invalidated, which `deinit` does.
        session = URLSession(configuration: configuration, delegate: RedirectGuard(), delegateQueue: nil)
        sessionConfiguration = configuration
        self.streamedBodies = streamedBodies
        self.maximumResponseSize = maximumResponseSize
    }

    deinit {
        session.finishTasksAndInvalidate()
        streamingSession.withLock { $0?.session.invalidateAndCancel() }
    }

    /// Cancels the requests under way, and makes later ones fail with a transport error. The
    /// sessions stay valid until the transport is released (a task made on an invalidated
    /// session would stop the process), when `deinit` invalidates them.
    public func shutdown() async throws {
        isShutDown.withLock { $0 = true }
        for session in [session] + streamingSession.withLock({ $0.map { [$0.session] } ?? [] }) {
            for task in await Self.tasks(of: session) { task.cancel() }
        }
    }

    /// Throws once the transport has been shut down.
    func checkRunning(_ request: HTTPTransportRequest) throws {
        guard !isShutDown.withLock({ $0 }) else {
            throw ApogeeError.transport(TransportError(kind: .other, url: request.url, message: "the URLSession transport has been shut down"))
        }
    }

    private static func tasks(of session: URLSession) async -> [URLSessionTask] {
        await withCheckedContinuation { continuation in
            session.getAllTasks { continuation.resume(returning: $0) }
        }
    }

    /// The streaming session and its delegate, made on first use.
    func streaming() -> (session: URLSession, delegate: StreamingResponseDelegate) {
        streamingSession.withLock { existing in
            if let existing { return existing }
            let delegate = StreamingResponseDelegate()
            let made = (session: URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil), delegate: delegate)
            existing = made
            return made
        }
    }

    /// Sends the request; cancelling the calling task cancels the data task.
    ///
    /// The body is read as it arrives, so that one past ``maximumResponseSize`` is refused
    /// before it is all in memory. A request with a streamed body (an upload) is checked
    /// against the limit once its response is complete.
    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        // A task cancelled before the request starts sends nothing at all.
        try Task.checkCancellation()
        try checkRunning(request)
        guard case .streamed = request.body.storage else {
            let response = try await stream(request)
            var body = Data()
            // Leaving the loop by throwing ends the stream, which cancels the data task.
            for try await piece in response.body {
                guard body.count + piece.count <= maximumResponseSize else {
                    throw ApogeeError.responseTooLarge(url: request.url, limit: maximumResponseSize)
                }
                body.append(piece)
            }
            return HTTPTransportResponse(head: response.head, body: body)
        }
        let (data, response) = try await sendStreamed(Self.urlRequest(for: request), body: request.body, url: request.url, timeout: request.timeout)
        guard data.count <= maximumResponseSize else {
            throw ApogeeError.responseTooLarge(url: request.url, limit: maximumResponseSize)
        }
        return try Self.response(data: data, response: response, url: request.url)
    }

    static func urlRequest(for request: HTTPTransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = request.timeout.timeInterval
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        return urlRequest
    }
}

extension Duration {
    /// The duration in seconds, as Foundation's APIs take it.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

extension URLSessionTransport: CustomStringConvertible {
    /// The stack's name, for logs and the examples' first lines.
    public var description: String {
        #if canImport(FoundationNetworking)
        "URLSession (FoundationNetworking)"
        #else
        "URLSession"
        #endif
    }
}
