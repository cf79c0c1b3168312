import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens WebSockets with `URLSessionWebSocketTask`: the connector on Apple platforms, so that
/// apps link no NIO. FoundationNetworking has the type but its libcurl cannot open WebSockets,
/// so on Linux it refuses at once, naming the stack that can.
struct URLSessionWebSocketConnector: WebSocketConnector {
    func connect(_ opening: WebSocketOpening, handleText: @escaping TextFrameHandler) async throws -> any WebSocketConnection {
        let url = opening.url
        #if canImport(FoundationNetworking)
        // Refused before trying, and as a failed upgrade: a transport error would be retried
        // with backoff until the attempts ran out, for a socket that can never open.
        throw SubscriptionError.upgradeFailed(
            "FoundationNetworking cannot open WebSockets on Linux; use `stack: .nio` from the ApogeeNIOWebSocket product for \(url.absoluteString)"
        )
        #else
        var request = URLRequest(url: url)
        for field in opening.headers {
            request.setValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        request.setValue(opening.subprotocol, forHTTPHeaderField: "Sec-WebSocket-Protocol")
        let delegate = WebSocketOpenDelegate()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        let task = session.webSocketTask(with: request)
        task.maximumMessageSize = opening.maximumMessageSize
        task.resume()
        let accepted: String?
        do {
            accepted = try await delegate.waitUntilOpen()
        } catch {
            task.cancel()
            session.invalidateAndCancel()
            if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
                let reason = HTTPURLResponse.localizedString(forStatusCode: response.statusCode)
                throw SubscriptionError.upgradeFailed("the server at \(url.absoluteString) answered HTTP \(response.statusCode) \(reason) to the WebSocket upgrade")
            }
            throw ApogeeError.transport(TransportError(kind: .cannotConnect, url: url, message: "\(error)"))
        }
        guard accepted == opening.subprotocol else {
            task.cancel()
            session.invalidateAndCancel()
            let named = accepted.map { "subprotocol \"\($0)\"" } ?? "no subprotocol"
            throw SubscriptionError.upgradeFailed("the server at \(url.absoluteString) accepted the WebSocket with \(named), not \(opening.subprotocol)")
        }
        return URLSessionWebSocketConnection(task: task, session: session, handleText: handleText)
        #endif
    }
}

#if !canImport(FoundationNetworking)
/// A socket of ``URLSessionWebSocketConnector``.
final class URLSessionWebSocketConnection: WebSocketConnection {
    let incoming: AsyncStream<WebSocketIncoming>
    private let continuation: AsyncStream<WebSocketIncoming>.Continuation
    private let task: URLSessionWebSocketTask
    private let session: URLSession

    init(task: URLSessionWebSocketTask, session: URLSession, handleText: @escaping TextFrameHandler) {
        self.task = task
        self.session = session
        let (incoming, continuation) = AsyncStream<WebSocketIncoming>.makeStream()
        self.incoming = incoming
        self.continuation = continuation
        Task {
            while true {
                do {
                    switch try await task.receive() {
                    case .string(let text): if !handleText(text) { continuation.yield(.text(text)) }
                    case .data: continuation.yield(.binary)
                    @unknown default: continuation.yield(.binary)
                    }
                } catch let error as NSError where error.domain == NSPOSIXErrorDomain && error.code == Int(EMSGSIZE) {
                    // URLSessionWebSocketTask fails a receive past `maximumMessageSize` this way.
                    continuation.yield(.tooLarge)
                    continuation.yield(.closed(code: WebSocketCloseCode.messageTooBig, reason: "Message too big"))
                    continuation.finish()
                    session.invalidateAndCancel()
                    return
                } catch {
                    let code = task.closeCode == .invalid ? WebSocketCloseCode.abnormalClosure : UInt16(task.closeCode.rawValue)
                    let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? "\(error)"
                    continuation.yield(.closed(code: code, reason: reason))
                    continuation.finish()
                    session.invalidateAndCancel()
                    return
                }
            }
        }
    }

    func send(_ text: String) async {
        try? await task.send(.string(text))
    }

    func close(code: UInt16, reason: String) async {
        task.cancel(with: URLSessionWebSocketTask.CloseCode(rawValue: Int(code)) ?? .normalClosure, reason: Data(reason.utf8))
    }

    func abort(reason: String) {
        continuation.yield(.closed(code: WebSocketCloseCode.abnormalClosure, reason: reason))
        continuation.finish()
        task.cancel()
        session.invalidateAndCancel()
    }
}

/// Tells the connector when the socket opened or failed to.
final class WebSocketOpenDelegate: NSObject, URLSessionWebSocketDelegate, Sendable {
    private let signal = OneShotSignal<String?>()

    /// Waits until the socket opens, and returns the subprotocol the server accepted.
    func waitUntilOpen() async throws -> String? {
        try await signal.wait()
    }

    func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {
        signal.finish(.success(`protocol`))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        signal.finish(.failure(error ?? URLError(.networkConnectionLost)))
    }
}
#endif
