import ApogeeAPI

extension GraphQLWebSocketTransport {
    /// Acts on one message of the server.
    /// - Throws: ``SubscriptionError`` when the message breaks the protocol.
    func handle(_ message: GraphQLWebSocketServerMessage, on socket: Socket) async throws(SubscriptionError) {
        switch message {
        case .connectionAck:
            // A second acknowledgement changes nothing.
            guard socket.acknowledge() else { return }
            setState(.connected)
            // In id order, so subscriptions resume in the order they started.
            for (id, subscriber) in subscribers.sorted(by: { Int($0.key) ?? 0 < Int($1.key) ?? 0 }) {
                await socket.connection.send(GraphQLWebSocketClientMessage.subscribe(id: id, body: subscriber.body))
            }
            closeWhenIdle()
        case .ping(let payload):
            await socket.connection.send(GraphQLWebSocketClientMessage.pong(payload: payload))
        case .pong:
            socket.isPongPending = false
        case .next(let id, let payload):
            try subscriber(id)?.deliver(payload, failingWhenFull: configuration.failsWhenConsumerFallsBehind, limit: configuration.bufferedResultsLimit)
        case .error(let id, let errors):
            // The operation failed before it produced anything (it did not validate, say):
            // like an HTTP response with errors only, a result and the end.
            guard let subscriber = try subscriber(id) else { return }
            subscribers[id] = nil
            subscriber.results.yield(["errors": .array(errors.map(\.jsonValue))])
            subscriber.results.finish()
            closeWhenIdle()
        case .complete(let id):
            guard let subscriber = try subscriber(id) else { return }
            subscribers[id] = nil
            subscriber.results.finish()
            closeWhenIdle()
        }
    }

    /// The running subscription `id` names, or `nil` for one that has ended (a message that
    /// crossed the client's `complete` on the wire).
    /// - Throws: ``SubscriptionError/unexpectedMessage(_:)`` for an id the client never used.
    private func subscriber(_ id: String) throws(SubscriptionError) -> Subscriber? {
        if let subscriber = subscribers[id] { return subscriber }
        guard let number = Int(id), (1...lastID).contains(number) else {
            throw .unexpectedMessage("a message for subscription '\(id)', an id the client never used")
        }
        return nil
    }
}
