#if canImport(WSClient)
import ApogeeAPI
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOWebSocket
import WSClient

/// Opens WebSockets with SwiftNIO (swift-websocket's `WebSocketClient`): the connector on
/// Linux, whose FoundationNetworking cannot open WebSockets.
struct NIOWebSocketConnector: WebSocketConnector {
    func connect(to url: URL, subprotocol: String, headers: HTTPFields, maximumMessageSize: Int, handleText: @escaping TextFrameHandler) async throws -> any WebSocketConnection {
        var headers = headers
        headers[.secWebSocketProtocol] = subprotocol
        // SwiftNIO refuses a frame past its own limit by dropping the connection without a
        // word, which would look like a network failure. Its limit is twice ours, so that every
        // message up to there reaches `run`, which tells one past our limit apart; memory stays
        // bounded either way.
        let configuration = WebSocketClientConfiguration(maxFrameSize: NIOWebSocketConnection.socketLimit(for: maximumMessageSize), additionalHeaders: headers)
        let connection = NIOWebSocketConnection(maximumMessageSize: maximumMessageSize, handleText: handleText)
        let opened = OneShotSignal<Void>()
        let run = Task {
            do {
                let closeFrame = try await WebSocketClient.connect(
                    url: url.absoluteString,
                    configuration: configuration,
                    logger: Logger(label: "Apogee.WebSocket")
                ) { inbound, outbound, _ in
                    // The writer must be in place before the caller learns the socket is open:
                    // its first message (`connection_init`) follows at once.
                    try await connection.run(inbound: inbound, outbound: outbound) {
                        opened.finish(.success(()))
                    }
                }
                connection.ended(code: closeFrame.map { UInt16(webSocketErrorCode: $0.closeCode) } ?? WebSocketCloseCode.abnormalClosure, reason: closeFrame?.reason ?? "")
                opened.finish(.failure(Self.failure(nil, url: url)))
            } catch {
                connection.ended(code: WebSocketCloseCode.abnormalClosure, reason: "\(error)")
                opened.finish(.failure(Self.failure(error, url: url)))
            }
        }
        do {
            try await withTaskCancellationHandler {
                try await opened.wait()
            } onCancel: {
                run.cancel()
            }
        } catch {
            run.cancel()
            throw error
        }
        return connection
    }

    /// Why a socket did not open: refused by the server, or not reached.
    private static func failure(_ error: (any Error)?, url: URL) -> any Error {
        switch error {
        case let error as WebSocketClientError where error == .webSocketUpgradeFailed:
            SubscriptionError.upgradeFailed("the server at \(url.absoluteString) refused the WebSocket upgrade (is it a graphql-transport-ws endpoint?)")
        case let error as WebSocketClientError:
            SubscriptionError.upgradeFailed("\(error)")
        case let error?:
            ApogeeError.transport(TransportError(kind: .cannotConnect, url: url, message: "\(error)"))
        case nil:
            ApogeeError.transport(TransportError(kind: .connectionLost, url: url, message: "the socket closed as it opened"))
        }
    }
}

/// A socket of ``NIOWebSocketConnector``: the handler of `WebSocketClient` runs for as long as
/// the socket is open, passing frames to ``incoming`` and taking frames to send.
final class NIOWebSocketConnection: WebSocketConnection {
    let incoming: AsyncStream<WebSocketIncoming>
    private let continuation: AsyncStream<WebSocketIncoming>.Continuation
    private let outbound = Locked<WebSocketOutboundWriter?>(nil)
    private let maximumMessageSize: Int
    private let handleText: TextFrameHandler

    init(maximumMessageSize: Int, handleText: @escaping TextFrameHandler) {
        (incoming, continuation) = AsyncStream.makeStream()
        self.maximumMessageSize = maximumMessageSize
        self.handleText = handleText
    }

    /// Takes `writer` for ``send(_:)``, calls `ready`, then reads frames until the socket closes.
    func run(inbound: WebSocketInboundStream, outbound writer: WebSocketOutboundWriter, ready: () -> Void) async throws {
        outbound.withLock { $0 = writer }
        defer { outbound.withLock { $0 = nil } }
        ready()
        for try await message in inbound.messages(maxSize: Self.socketLimit(for: maximumMessageSize)) {
            switch message {
            case .text(let text) where text.utf8.count > maximumMessageSize:
                continuation.yield(.tooLarge)
            case .text(let text):
                if !handleText(text) { continuation.yield(.text(text)) }
            case .binary(let bytes) where bytes.readableBytes > maximumMessageSize:
                continuation.yield(.tooLarge)
            case .binary:
                continuation.yield(.binary)
            }
        }
    }

    /// The limit SwiftNIO is given: twice the transport's, saturating.
    static func socketLimit(for maximumMessageSize: Int) -> Int {
        maximumMessageSize.multipliedReportingOverflow(by: 2).overflow ? Int.max : maximumMessageSize * 2
    }

    func ended(code: UInt16, reason: String) {
        continuation.yield(.closed(code: code, reason: reason))
        continuation.finish()
    }

    func send(_ text: String) async {
        guard let writer = outbound.withLock({ $0 }) else { return }
        try? await writer.write(.text(text))
    }

    func close(code: UInt16, reason: String) async {
        guard let writer = outbound.withLock({ $0 }) else { return }
        try? await writer.close(WebSocketErrorCode(codeNumber: Int(code)), reason: reason)
    }
}

#endif
