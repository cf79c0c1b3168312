extension ExampleServer {
    /// Sends a close frame with `code` (and `reason`) on every open graphql-transport-ws
    /// socket, and closes it once the client answers.
    public func closeWebSockets(code: UInt16, reason: String = "") async {
        for connection in services.webSockets.all {
            await connection.close(code: code, reason: reason)
        }
    }

    /// Closes the TCP connection of every open graphql-transport-ws socket without a close
    /// frame: the client sees an abnormal closure (1006), as after a network failure.
    public func dropWebSocketConnections() async {
        for connection in services.webSockets.all {
            await connection.drop()
        }
    }

    /// While `false`, the server ignores graphql-transport-ws `ping` messages on every socket,
    /// open now or later (they are still recorded as ``SubscriptionEvent/pingReceived(connection:)``).
    public func setAnswersPings(_ answers: Bool) {
        services.webSockets.answersPings = answers
    }

    /// Makes the sockets open now ignore `ping` from here on, as a server that hangs would;
    /// sockets opened later answer as usual, so a client that reconnects finds a healthy server.
    public func stopAnsweringPingsOnOpenSockets() {
        services.webSockets.silenceOpenSockets()
    }

    /// Sends `text` as a text frame on every open socket: not a protocol message, so a client
    /// should close with 4400.
    public func sendMalformedFrame(_ text: String = "not json") async {
        await sendRawMessage(text)
    }

    /// Sends `text` as a text frame on every open socket, as it is: for messages the client
    /// must reject, such as an unknown type or a `next` for an id it never used.
    public func sendRawMessage(_ text: String) async {
        for connection in services.webSockets.all {
            await connection.send(text)
        }
    }
}
