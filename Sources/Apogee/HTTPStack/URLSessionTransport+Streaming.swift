import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// How a streamed body (an upload) is handed to `URLSession`. Either way the body is never
    /// held in memory.
    public enum StreamedBodyStrategy: Sendable, Hashable {
        /// The body as `URLRequest.httpBodyStream`, pulled by the HTTP stack buffer by buffer and
        /// sent with chunked transfer encoding. No copy is made. The default on Linux.
        case bodyStream
        /// The body copied piece by piece to a temporary file, which `upload(for:fromFile:)`
        /// sends with a `Content-Length`; the file is deleted afterwards. The default on Apple
        /// platforms, whose `URLSession` does not read `InputStream` subclasses.
        case temporaryFile

        /// `bodyStream` with FoundationNetworking, `temporaryFile` elsewhere.
        public static var platformDefault: StreamedBodyStrategy {
            #if canImport(FoundationNetworking)
            .bodyStream
            #else
            .temporaryFile
            #endif
        }
    }

    /// Sends a request whose body is streamed. The body is opened first, so a file that cannot
    /// be read fails before a connection is made.
    ///
    /// FoundationNetworking sends a 307 or 308 redirect of such a request without its body, so
    /// ``RedirectGuard`` stops at those and the transport follows them itself, sending the body
    /// again from its start.
    func sendStreamed(_ request: URLRequest, body: HTTPBody, url: URL, timeout: Duration) async throws -> (Data, URLResponse) {
        let file = streamedBodies == .temporaryFile ? try await TemporaryBodyFile.write(body) : nil
        defer { file?.remove() }
        var request = request
        for _ in 0..<RedirectRules.maximumRedirects {
            let data: Data
            let response: URLResponse
            if let file {
                (data, response) = try await upload(request, from: file, progress: body.progress, url: url, timeout: timeout)
            } else {
                (data, response) = try await sendOnce(request, body: body, url: url, timeout: timeout)
            }
            guard let next = Self.bodyKeepingRedirect(of: response, from: request) else {
                return (data, response)
            }
            request = next
        }
        throw ApogeeError.transport(TransportError(kind: .other, url: url, message: "more than \(RedirectRules.maximumRedirects) redirects"))
    }
}

extension URLSessionTransport {
    /// Sends a body copied to a file once, with `upload(for:fromFile:)`.
    private func upload(_ request: URLRequest, from file: TemporaryBodyFile, progress: UploadProgressHandler?, url: URL, timeout: Duration) async throws -> (Data, URLResponse) {
        // FoundationNetworking reports progress only to a task's own delegate, which only the
        // async API sets; this path is the default on Apple platforms, whose Foundation does not
        // have the cancellation race that `URLSession.runTask(_:)` avoids on Linux.
        let delegate = progress.map { UploadProgressDelegate(progress: $0) }
        do {
            return try await session.upload(for: request, fromFile: file.url, delegate: delegate)
        } catch {
            throw Self.transportError(error, url: url, timeout: timeout)
        }
    }

    /// Sends a streamed body once, as `httpBodyStream`.
    private func sendOnce(_ request: URLRequest, body: HTTPBody, url: URL, timeout: Duration) async throws -> (Data, URLResponse) {
        let input = BodyInputStream(body: body, first: try body.makeStream())
        var request = request
        request.httpBodyStream = input
        do {
            // Not `data(for:)`: see `URLSession.runTask(_:)` on cancellation in FoundationNetworking.
            let request = request
            return try await session.runTask { session.dataTask(with: request, completionHandler: $0) }
        } catch {
            // The stack only saw a failed read; the body knows why.
            if let failure = input.failure { throw failure }
            throw Self.transportError(error, url: url, timeout: timeout)
        }
    }

    /// The request to send after a 307 or 308, which keep the method and the body, or `nil`
    /// for any other response. ``RedirectGuard`` leaves these redirects to the transport when
    /// the body is streamed; the same rule applies: no credentials to another origin.
    private static func bodyKeepingRedirect(of response: URLResponse, from request: URLRequest) -> URLRequest? {
        guard let response = response as? HTTPURLResponse, [307, 308].contains(response.statusCode),
            let location = response.value(forHTTPHeaderField: "Location"),
            let current = request.url,
            let destination = URL(string: location, relativeTo: current)?.absoluteURL
        else { return nil }
        var next = Origin.same(current, destination) ? request : RedirectGuard.withoutCredentials(request)
        next.url = destination
        return next
    }
}

/// Reports the bytes a task has sent, for bodies uploaded from a file. As the task's own
/// delegate it is asked about redirects before the session's, so it applies the same
/// ``RedirectGuard`` rule: no credentials to another origin. It holds a guard rather than
/// being one: a subclass's method would not be called for a requirement that
/// FoundationNetworking's protocol extension already witnesses for the superclass.
private final class UploadProgressDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    let progress: UploadProgressHandler
    private let redirectGuard = RedirectGuard()

    init(progress: @escaping UploadProgressHandler) {
        self.progress = progress
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        progress(UploadProgress(bytesSent: totalBytesSent, totalBytes: max(totalBytesExpectedToSend, totalBytesSent)))
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        redirectGuard.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request, completionHandler: completionHandler)
    }
}
