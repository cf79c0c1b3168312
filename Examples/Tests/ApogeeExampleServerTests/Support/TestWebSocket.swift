@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import Logging
import NIOWebSocket
import Testing
import WSClient

/// A raw graphql-transport-ws client for tests: sends and receives JSON text frames as they
/// are, so the server's protocol is checked without any client code of ours.
final class TestWebSocket: Sendable {
    enum Failure: Error {
        /// The upgrade failed; `underlying` is WSClient's error.
        case notConnected(underlying: (any Error)?)
        /// The socket closed while a message was awaited.
        case closed
    }

    /// How a socket ended, as the client saw it.
    struct Closure: Sendable, Equatable {
        /// The close frame's code; `nil` when the connection ended without one (1006).
        let code: UInt16?
        let reason: String?
    }

    private let outbound: WebSocketOutboundWriter
    private let inbox: Inbox
    private let connection: Task<WebSocketCloseFrame?, any Error>

    private init(outbound: WebSocketOutboundWriter, inbox: Inbox, connection: Task<WebSocketCloseFrame?, any Error>) {
        self.outbound = outbound
        self.inbox = inbox
        self.connection = connection
    }

    /// Opens a socket to `url` (http or ws scheme) offering `subprotocol`.
    static func open(_ url: URL, subprotocol: String? = "graphql-transport-ws") async throws -> TestWebSocket {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = "ws"
        let address = components?.url?.absoluteString ?? url.absoluteString
        var configuration = WebSocketClientConfiguration()
        if let subprotocol { configuration.additionalHeaders[.secWebSocketProtocol] = subprotocol }
        configuration.autoPing = .disabled
        configuration.maxFrameSize = 1 << 20
        configuration.closeTimeout = .seconds(5)
        let inbox = Inbox()
        let (ready, readyContinuation) = AsyncStream<WebSocketOutboundWriter>.makeStream()
        let connection = Task {
            defer {
                readyContinuation.finish()
                inbox.finish()
            }
            return try await WebSocketClient.connect(url: address, configuration: configuration, logger: Logger(label: "TestWebSocket")) { inbound, outbound, _ in
                readyContinuation.yield(outbound)
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    if case .text(let text) = message { inbox.append(text) }
                }
            }
        }
        for await outbound in ready {
            return TestWebSocket(outbound: outbound, inbox: inbox, connection: connection)
        }
        do {
            _ = try await connection.value
            throw Failure.notConnected(underlying: nil)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.notConnected(underlying: error)
        }
    }

    /// Opens a socket to `url` and completes the handshake (`connection_init`, then
    /// `connection_ack`), where most tests start.
    static func openAcknowledged(
        _ url: URL, payload: JSONObject? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestWebSocket {
        let socket = try await open(url)
        try await socket.initialiseAndExpectAck(payload: payload, sourceLocation: sourceLocation)
        return socket
    }

    /// Sends a text frame as it is.
    func send(text: String) async throws {
        try await outbound.write(.text(text))
    }

    /// Sends a JSON message.
    func send(_ message: JSONValue) async throws {
        try await send(text: message.serializedString)
    }

    /// `connection_init`, with a payload when given.
    func initialise(payload: JSONObject? = nil) async throws {
        var message: JSONObject = ["type": "connection_init"]
        if let payload { message["payload"] = .object(payload) }
        try await send(.object(message))
    }

    /// `connection_init`, then expects `connection_ack`.
    func initialiseAndExpectAck(payload: JSONObject? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await initialise(payload: payload)
        let ack = try await receive()
        #expect(ack[path: "type"] == "connection_ack", "\(ack.serializedString)", sourceLocation: sourceLocation)
    }

    /// `subscribe` with the operation.
    func subscribe(id: String, query: String, operationName: String? = nil, variables: JSONObject? = nil) async throws {
        var payload: JSONObject = ["query": .string(query)]
        if let operationName { payload["operationName"] = .string(operationName) }
        if let variables { payload["variables"] = .object(variables) }
        try await send(.object(["id": .string(id), "type": "subscribe", "payload": .object(payload)]))
    }

    /// `complete` for an operation of ours.
    func complete(id: String) async throws {
        try await send(.object(["id": .string(id), "type": "complete"]))
    }

    /// The next text frame, parsed as JSON. Throws ``Failure/closed`` when the socket ends first.
    func receive() async throws -> JSONValue {
        try JSONValue(parsing: try await receiveText())
    }

    /// The next text frame as it is.
    func receiveText() async throws -> String {
        guard let text = await inbox.next() else { throw Failure.closed }
        return text
    }

    /// Messages until (and with) the first `complete` or `error` of `id`, skipping other ids.
    func receiveUntilEnd(of id: String) async throws -> [JSONValue] {
        var messages: [JSONValue] = []
        while true {
            let message = try await receive()
            guard message[path: "id"]?.stringValue == id else { continue }
            messages.append(message)
            if let type = message[path: "type"]?.stringValue, type == "complete" || type == "error" { return messages }
        }
    }

    /// Sends a close frame (1000) and waits for the socket to end.
    @discardableResult
    func close() async throws -> Closure {
        try? await outbound.close(.normalClosure, reason: nil)
        return try await closure()
    }

    /// Waits for the socket to end, however it ends; a connection that broke counts as no close frame.
    func closure() async throws -> Closure {
        do {
            let frame = try await connection.value
            return Closure(code: frame.map { UInt16(webSocketErrorCode: $0.closeCode) }, reason: frame?.reason)
        } catch {
            return Closure(code: nil, reason: nil)
        }
    }

    /// Received text frames, in order, for one reader.
    private final class Inbox: Sendable {
        private struct State {
            var messages: [String] = []
            var isFinished = false
            var waiter: CheckedContinuation<String?, Never>?
        }

        private let state = Locked(State())

        func append(_ text: String) {
            let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
                guard let waiter = state.waiter else {
                    state.messages.append(text)
                    return nil
                }
                state.waiter = nil
                return waiter
            }
            waiter?.resume(returning: text)
        }

        func finish() {
            let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
                state.isFinished = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }

        func next() async -> String? {
            await withCheckedContinuation { continuation in
                let immediate = state.withLock { state -> String?? in
                    if !state.messages.isEmpty { return .some(state.messages.removeFirst()) }
                    if state.isFinished { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        }
    }
}
