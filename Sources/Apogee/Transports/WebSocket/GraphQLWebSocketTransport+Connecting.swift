import ApogeeAPI

extension GraphQLWebSocketTransport {
    /// The subprotocol of graphql-ws.
    static let subprotocol = "graphql-transport-ws"

    /// How one socket ended, and so what the supervisor does next.
    enum SocketOutcome {
        /// Closed because nothing needs it: the supervisor stops.
        case finished
        /// Lost in a way worth another try; `acknowledgedAt` is when the server acknowledged
        /// the connection, if it did.
        case lost(reason: String, acknowledgedAt: ContinuousClock.Instant?)
        /// Refused or broken for good: every subscription fails.
        case fatal(SubscriptionError)
    }

    func startSupervisorIfNeeded() {
        guard supervisor == nil else { return }
        supervisor = Task { await self.superviseConnection() }
    }

    /// Connects, and connects again after each loss, while subscriptions run.
    private func superviseConnection() async {
        var failedAttempts = 0
        var generator = SystemRandomNumberGenerator()
        while !subscribers.isEmpty, !Task.isCancelled {
            setState(failedAttempts == 0 ? .connecting : .reconnecting(attempt: failedAttempts))
            switch await runSocket() {
            case .finished:
                break
            case .fatal(let error):
                fail(with: error)
            case .lost(let reason, let acknowledgedAt):
                // Attempts count in a row: a connection that stayed up starts over, one lost
                // soon after its acknowledgement counts as failed, so flaps are backed off from.
                let wasStable = acknowledgedAt.map { ContinuousClock.now - $0 >= configuration.stableConnectionDuration } ?? false
                failedAttempts = wasStable ? 1 : failedAttempts + 1
                guard !subscribers.isEmpty else { break }
                guard failedAttempts < configuration.reconnection.maximumAttempts else {
                    fail(with: .reconnectAttemptsExhausted(attempts: failedAttempts, lastFailure: reason))
                    break
                }
                setState(.reconnecting(attempt: failedAttempts))
                let delay = configuration.reconnection.delay(beforeRetry: failedAttempts, using: &generator)
                do {
                    try await configuration.sleeper.sleep(for: delay)
                } catch {
                    break
                }
            }
        }
        supervisor = nil
        if case .closed = state {} else { setState(.idle) }
    }

    /// Fails every running subscription and leaves the transport closed until the next one.
    private func fail(with error: SubscriptionError) {
        let running = subscribers
        subscribers.removeAll()
        for subscriber in running.values {
            subscriber.results.finish(throwing: ApogeeError.subscription(error))
        }
        setState(.closed(error))
    }

    /// Opens a socket, initialises it, subscribes every running subscription once it is
    /// acknowledged, and reads it until it closes.
    private func runSocket() async -> SocketOutcome {
        let connection: any WebSocketConnection
        do {
            let opening = WebSocketOpening(
                url: url,
                subprotocol: Self.subprotocol,
                headers: WebSocketUpgradeFields.fields(for: url, headers: configuration.headers, sendsOrigin: configuration.sendsOrigin),
                maximumMessageSize: configuration.maximumMessageSize,
                closeTimeout: configuration.closeTimeout
            )
            connection = try await stack.connector.connect(opening, handleText: eventRouter())
        } catch let error as SubscriptionError {
            return .fatal(error)
        } catch is CancellationError {
            return .finished
        } catch {
            return .lost(reason: "\(error)", acknowledgedAt: nil)
        }
        let socket = Socket(connection: connection, closeTimeout: configuration.closeTimeout)
        self.socket = socket
        defer {
            if self.socket === socket { self.socket = nil }
        }
        let payload: JSONObject?
        do {
            payload = try await configuration.connectionPayload.make()
        } catch {
            await socket.close(for: .closedByClient, code: WebSocketCloseCode.normalClosure, message: "")
            return .lost(reason: "the connection payload could not be made: \(error)", acknowledgedAt: nil)
        }
        await connection.send(GraphQLWebSocketClientMessage.connectionInit(payload: payload))
        let timeout = configuration.acknowledgementTimeout
        let acknowledgementTimer = Task {
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled, !socket.isAcknowledged else { return }
            await socket.close(for: .acknowledgementTimeout, code: WebSocketCloseCode.connectionAcknowledgementTimeout, message: "Connection acknowledgement timeout")
        }
        var keepAlive: Task<Void, Never>?
        defer {
            acknowledgementTimer.cancel()
            keepAlive?.cancel()
        }
        for await incoming in connection.incoming {
            switch incoming {
            case .text(let text):
                do {
                    let message = try GraphQLWebSocketServerMessage(text: text)
                    if case .connectionAck = message, !socket.isAcknowledged {
                        acknowledgementTimer.cancel()
                        keepAlive = startKeepAlive(on: socket)
                    }
                    try await handle(message, on: socket)
                } catch {
                    await socket.close(for: .protocolFailure(error), code: WebSocketCloseCode.badResponse, message: "Bad response")
                }
            case .binary:
                let error = SubscriptionError.unexpectedMessage("a binary frame; graphql-transport-ws sends text")
                await socket.close(for: .protocolFailure(error), code: WebSocketCloseCode.badResponse, message: "Bad response")
            case .tooLarge:
                // Which subscription it was for is in the part not read, so all of them fail.
                let error = SubscriptionError.messageTooLarge(limit: configuration.maximumMessageSize)
                await socket.close(for: .protocolFailure(error), code: WebSocketCloseCode.messageTooBig, message: "Message too big")
            case .closed(let code, let reason):
                return outcome(of: socket, closedWith: code, reason: reason)
            }
        }
        return outcome(of: socket, closedWith: WebSocketCloseCode.abnormalClosure, reason: "")
    }

    /// What a closed socket means for the subscriptions.
    private func outcome(of socket: Socket, closedWith code: UInt16, reason: String) -> SocketOutcome {
        switch socket.closing {
        case .idle?, .closedByClient?:
            return .finished
        case .protocolFailure(let error)?:
            return .fatal(error)
        case .acknowledgementTimeout?:
            return .lost(reason: "no connection_ack within \(configuration.acknowledgementTimeout)", acknowledgedAt: nil)
        case .keepAliveTimeout?:
            return .lost(reason: "no pong within \(configuration.keepAliveInterval ?? .zero)", acknowledgedAt: socket.acknowledgedAt)
        case nil:
            if WebSocketCloseCode.isFatal(code) {
                return .fatal(.closed(code: code, reason: reason))
            }
            return .lost(reason: "the connection closed with code \(code)\(reason.isEmpty ? "" : " (\(reason))")", acknowledgedAt: socket.acknowledgedAt)
        }
    }

    /// Sends a `ping` every keep-alive interval; a `pong` still missing when the next one is
    /// due means the connection is gone, whatever TCP says.
    private func startKeepAlive(on socket: Socket) -> Task<Void, Never>? {
        guard let interval = configuration.keepAliveInterval else { return nil }
        return Task {
            while !Task.isCancelled {
                do {
                    try await configuration.sleeper.sleep(for: interval)
                } catch {
                    return
                }
                if socket.isPongPending {
                    await socket.close(for: .keepAliveTimeout, code: WebSocketCloseCode.goingAway, message: "Keep-alive timeout")
                    return
                }
                socket.isPongPending = true
                await socket.connection.send(GraphQLWebSocketClientMessage.ping())
            }
        }
    }

    /// Closes the socket once no subscription has needed it for the grace period.
    ///
    /// One timer serves every idle spell: a subscription that starts clears the deadline
    /// rather than cancelling the timer, and the next idle spell moves the deadline on. A
    /// cancelled sleep would hold its memory until its deadline passed (on Linux the timer
    /// stays queued), so subscribing and cancelling in a loop would grow memory.
    func closeWhenIdle() {
        guard subscribers.isEmpty, socket != nil else { return }
        idleDeadline = .now + configuration.closeGracePeriod
        guard idleClose == nil else { return }
        idleClose = Task { await self.closeAfterIdleDeadline() }
    }

    private func closeAfterIdleDeadline() async {
        while let deadline = idleDeadline, let socket, !Task.isCancelled {
            guard ContinuousClock.now >= deadline else {
                try? await Task.sleep(until: deadline)
                continue
            }
            idleClose = nil
            idleDeadline = nil
            guard subscribers.isEmpty else { return }
            await socket.close(for: .idle, code: WebSocketCloseCode.normalClosure, message: "")
            return
        }
        idleClose = nil
    }
}
