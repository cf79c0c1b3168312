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
    func sendStreamed(_ request: URLRequest, body: HTTPBody, url: URL, timeout: Duration) async throws -> (Data, URLResponse) {
        switch streamedBodies {
        case .bodyStream:
            let input = BodyInputStream(body: body, first: try body.makeStream())
            var request = request
            request.httpBodyStream = input
            do {
                return try await session.data(for: request)
            } catch {
                // The stack only saw a failed read; the body knows why.
                if let failure = input.failure { throw failure }
                throw Self.transportError(error, url: url, timeout: timeout)
            }
        case .temporaryFile:
            let file = try await TemporaryBodyFile.write(body)
            defer { file.remove() }
            let delegate = body.progress.map { UploadProgressDelegate(progress: $0) }
            do {
                return try await session.upload(for: request, fromFile: file.url, delegate: delegate)
            } catch {
                throw Self.transportError(error, url: url, timeout: timeout)
            }
        }
    }
}

/// Reports the bytes a task has sent, for bodies uploaded from a file.
private final class UploadProgressDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    let progress: UploadProgressHandler

    init(progress: @escaping UploadProgressHandler) {
        self.progress = progress
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        progress(UploadProgress(bytesSent: totalBytesSent, totalBytes: max(totalBytesExpectedToSend, totalBytesSent)))
    }
}
