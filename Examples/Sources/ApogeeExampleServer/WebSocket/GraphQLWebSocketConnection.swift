import ApogeeAPI
import HTTPTypes
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// One graphql-transport-ws socket: the connection handshake, then operations multiplexed by
/// id until either side closes.
///
/// An actor so that the connection's state (phase, running operations, close code) changes in
/// one place; the operations themselves run in tasks of their own and only come back to the
/// actor to send and to do their bookkeeping.
actor GraphQLWebSocketConnection {
    /// What every socket of a server shares.
    struct Settings: Sendable {
        let connectionInitTimeout: Duration
        let pingInterval: Duration?
        let requiresAuthentication: Bool
        /// Whether a session token is one this server signed.
        let isValidToken: @Sendable (String) async -> Bool
    }

    private enum Phase {
        case awaitingInit
        case initialising
        case acknowledged
    }

    /// A running operation. The token tells it apart from a later operation that reuses the
    /// id after a client `complete`.
    struct Operation {
        let token: Int
        let task: Task<Void, Never>
    }

    /// The connection's number in ``SubscriptionEvent``s.
    nonisolated let number: Int
    let endpoint: GraphQLEndpoint
    let services: ServerServices
    private let settings: Settings
    private let outbound: WebSocketOutboundWriter
    private let channel: any Channel

    private var phase = Phase.awaitingInit
    /// The `Authorization` value of `connection_init`, which every operation's context reads.
    private(set) var authorization: String?
    var operations: [String: Operation] = [:]
    /// Operations the client stopped with `complete`, by token.
    var stoppedByClient: Set<Int> = []
    private var lastToken = 0
    private var isClosing = false
    /// The close code the server sent, if it closed first.
    private var sentCloseCode: UInt16?
    private var pinger: Task<Void, Never>?

    init(number: Int, endpoint: GraphQLEndpoint, services: ServerServices, settings: Settings, outbound: WebSocketOutboundWriter, channel: any Channel) {
        self.number = number
        self.endpoint = endpoint
        self.services = services
        self.settings = settings
        self.outbound = outbound
        self.channel = channel
    }

    /// Serves the socket until it closes, then stops every operation and records the closure.
    func run(inbound: WebSocketInboundStream) async {
        services.subscriptions.append(.socketOpened(connection: number))
        let initTimeout = Task { [settings] in
            do {
                try await Task.sleep(for: settings.connectionInitTimeout)
            } catch {
                return
            }
            await self.closeUnlessInitialised()
        }
        do {
            for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
                // After the server's close frame, messages still in flight are not served.
                guard !isClosing else { continue }
                switch message {
                case .text(let text):
                    await receive(text)
                case .binary:
                    await close(.badRequest, reason: "Binary messages are not part of graphql-transport-ws")
                }
            }
        } catch {
            // A broken connection ends the socket like a closed one.
        }
        initTimeout.cancel()
        pinger?.cancel()
        isClosing = true
        let running = operations.values
        operations = [:]
        for operation in running { operation.task.cancel() }
        for operation in running { await operation.task.value }
        services.subscriptions.append(.socketClosed(connection: number, code: sentCloseCode))
    }

    /// Large enough for any query of the tests, small enough that a client cannot exhaust memory.
    private static let maximumMessageSize = 1 << 20

    private func receive(_ text: String) async {
        let message: GraphQLTransportWSClientMessage
        do {
            message = try GraphQLTransportWSClientMessage(text: text)
        } catch {
            await close(.badRequest, reason: error.reason)
            return
        }
        switch message {
        case .connectionInit(let payload):
            await initialise(payload: payload)
        case .ping(let payload):
            services.subscriptions.append(.pingReceived(connection: number))
            if services.webSockets.answersPing(on: number) {
                await send(GraphQLTransportWSServerMessage.pong(payload: payload))
            }
        case .pong:
            services.subscriptions.append(.pongReceived(connection: number))
        case .subscribe(let id, let operation):
            guard case .acknowledged = phase else {
                await close(.unauthorized, reason: "Unauthorized")
                return
            }
            guard operations[id] == nil else {
                await close(.subscriberAlreadyExists, reason: "Subscriber for \(id) already exists")
                return
            }
            lastToken += 1
            let token = lastToken
            operations[id] = Operation(token: token, task: Task { await self.perform(operation, id: id, token: token) })
        case .complete(let id):
            // An id that is not running (finished, or never used) is no error.
            guard let operation = operations.removeValue(forKey: id) else { return }
            stoppedByClient.insert(operation.token)
            operation.task.cancel()
        }
    }

    private func initialise(payload: JSONObject) async {
        guard case .awaitingInit = phase else {
            await close(.tooManyInitialisationRequests, reason: "Too many initialisation requests")
            return
        }
        phase = .initialising
        switch payload["Authorization"] ?? payload["authorization"] {
        case nil, .null?:
            break
        case .string(let value)?:
            if let token = RocketReserverContext.token(fromAuthorization: value) {
                guard await settings.isValidToken(token) else {
                    await close(.forbidden, reason: "Forbidden")
                    return
                }
                authorization = value
            }
        case .some:
            await close(.forbidden, reason: "Forbidden")
            return
        }
        if authorization == nil, settings.requiresAuthentication {
            await close(.unauthorized, reason: "Unauthorized")
            return
        }
        guard !isClosing else { return }
        phase = .acknowledged
        await send(GraphQLTransportWSServerMessage.connectionAck)
        services.subscriptions.append(.connectionAcknowledged(connection: number))
        if let interval = settings.pingInterval {
            pinger = Task { [outbound] in
                while true {
                    do {
                        try await Task.sleep(for: interval)
                        try await outbound.write(.text(GraphQLTransportWSServerMessage.ping))
                    } catch {
                        return
                    }
                }
            }
        }
    }

    private func closeUnlessInitialised() async {
        guard case .awaitingInit = phase else { return }
        await close(.connectionInitialisationTimeout, reason: "Connection initialisation timeout")
    }

    private func close(_ code: GraphQLTransportWSCloseCode, reason: String) async {
        await close(code: code.rawValue, reason: reason)
    }

    /// The close code of a server going away (1001).
    static let goingAwayCode: UInt16 = 1001
    /// The close reason of a server going away.
    static let shutdownReason = "The server is shutting down"

    /// Sends a close frame (the client answers with its own, which ends the socket).
    func close(code: UInt16, reason: String) async {
        guard !isClosing else { return }
        isClosing = true
        sentCloseCode = code
        try? await outbound.close(WebSocketErrorCode(codeNumber: Int(code)), reason: reason.isEmpty ? nil : reason)
    }

    /// Closes the TCP connection without a close frame, as a network failure would.
    func drop() {
        isClosing = true
        sentCloseCode = nil
        channel.close(promise: nil)
    }

    /// Sends a text frame; a socket that is gone is no error here (its end is handled in ``run(inbound:)``).
    func send(_ text: String) async {
        try? await outbound.write(.text(text))
    }

    /// Whether `token` is still the operation running under `id` (not stopped by the client,
    /// not replaced by a later operation with the same id).
    func isCurrent(id: String, token: Int) -> Bool {
        operations[id]?.token == token
    }

    /// Forgets a finished operation; a later one under the same id is left alone.
    func finish(id: String, token: Int) {
        if operations[id]?.token == token { operations[id] = nil }
    }

    /// The `Authorization` field that operations of this socket carry into their context.
    var headers: HTTPFields {
        var headers = HTTPFields()
        if let authorization { headers[.authorization] = authorization }
        return headers
    }
}
