import ApogeeAPI
import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Sends the request and returns when the head arrives; the body follows piece by piece as
    /// `URLSession` receives it. Stopping the body's iteration cancels the data task.
    ///
    /// Requests with a streamed body (uploads) are sent whole with ``send(_:)``: their
    /// responses are small, and the upload path has its own redirect handling.
    public func stream(_ request: HTTPTransportRequest) async throws -> HTTPStreamingResponse {
        try checkRunning(request)
        guard case .bytes(let body) = request.body.storage else {
            let response = try await send(request)
            return HTTPStreamingResponse(head: response.head, body: AsyncThrowingStream { continuation in
                continuation.yield(response.body)
                continuation.finish()
            })
        }
        try Task.checkCancellation()
        var urlRequest = Self.urlRequest(for: request)
        if !body.isEmpty { urlRequest.httpBody = body }
        let (session, delegate) = streaming()
        let task = session.dataTask(with: urlRequest)
        let (pieces, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.onTermination = { termination in
            // Cancelling from another queue, as `runTask` does: FoundationNetworking's cancel
            // can wait for the session's queue, which may be the one finishing this stream.
            if case .cancelled = termination { DispatchQueue.global().async { task.cancel() } }
        }
        let url = request.url
        let timeout = request.timeout
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (headContinuation: CheckedContinuation<HTTPResponse, any Error>) in
                delegate.register(task, head: headContinuation, body: continuation) { error in
                    Self.transportError(error, url: url, timeout: timeout)
                }
                task.resume()
            }
        } onCancel: {
            DispatchQueue.global().async { task.cancel() }
        }
        return HTTPStreamingResponse(head: head, body: pieces)
    }
}

/// Receives the responses of the streaming session's tasks and passes each on: the head to the
/// call waiting for it, the body to its stream. Redirects follow ``RedirectGuard``'s rule.
final class StreamingResponseDelegate: RedirectGuard, URLSessionDataDelegate, @unchecked Sendable {
    private struct Receiver {
        var head: CheckedContinuation<HTTPResponse, any Error>?
        let body: AsyncThrowingStream<Data, any Error>.Continuation
        let mapError: @Sendable (any Error) -> any Error
    }

    private let receivers = Locked<[Int: Receiver]>([:])

    func register(
        _ task: URLSessionTask,
        head: CheckedContinuation<HTTPResponse, any Error>,
        body: AsyncThrowingStream<Data, any Error>.Continuation,
        mapError: @escaping @Sendable (any Error) -> any Error
    ) {
        receivers.withLock { $0[task.taskIdentifier] = Receiver(head: head, body: body, mapError: mapError) }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let waiting = receivers.withLock { receivers -> CheckedContinuation<HTTPResponse, any Error>? in
            defer { receivers[dataTask.taskIdentifier]?.head = nil }
            return receivers[dataTask.taskIdentifier]?.head
        }
        if let http = response as? HTTPURLResponse {
            waiting?.resume(returning: URLSessionTransport.head(of: http))
            completionHandler(.allow)
        } else {
            waiting?.resume(throwing: ApogeeError.transport(TransportError(kind: .other, url: response.url ?? URL(fileURLWithPath: "/"), message: "the response is not an HTTP response")))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let body = receivers.withLock { $0[dataTask.taskIdentifier]?.body }
        body?.yield(data)
    }

    /// Keeps the response out of `URLCache`: the store is the client's cache.
    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        completionHandler(nil)
    }

    override func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let receiver = receivers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            let mapped = receiver.mapError(error)
            receiver.head?.resume(throwing: mapped)
            receiver.body.finish(throwing: mapped)
        } else {
            receiver.head?.resume(throwing: ApogeeError.transport(TransportError(kind: .connectionLost, url: task.originalRequest?.url ?? URL(fileURLWithPath: "/"), message: "the connection closed before a response")))
            receiver.body.finish()
        }
    }
}
