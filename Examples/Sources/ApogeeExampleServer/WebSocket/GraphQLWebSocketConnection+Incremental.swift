extension GraphQLWebSocketConnection {
    /// Runs a query or mutation with an active `@defer` or `@stream` as the HTTP path does
    /// (``IncrementalPlan``, current format), and sends each payload as its own `next`, the
    /// server's ``ServerServices/incrementalDelay`` apart, then `complete`; stops early when the
    /// client sends `complete` or the socket closes.
    ///
    /// - Returns: `false` when the operation cannot run that way after all, and the normal
    ///   path should answer it.
    func performIncrementally(_ operation: IncrementalOperation, id: String, token: Int) async -> Bool {
        if operation.operationType == .mutation {
            await services.mutationPause.wait()
        }
        let payloads: [IncrementalPayload]
        switch await endpoint.run(operation, headers: headers, format: .current) {
        case .unavailable:
            return false
        case .requestErrors(let errors):
            if isCurrent(id: id, token: token) {
                await send(GraphQLTransportWSServerMessage.error(id: id, errors: errors))
            }
            return true
        case .payloads(let planned):
            payloads = planned
        }
        services.subscriptions.append(
            .subscribed(connection: number, id: id, operationName: operation.operationName, transport: .webSocket)
        )
        for (index, payload) in payloads.enumerated() {
            if index > 0 {
                try? await Task.sleep(for: services.incrementalDelay)
            }
            guard isCurrent(id: id, token: token), !Task.isCancelled else {
                recordStop(id: id, token: token)
                return true
            }
            await send(GraphQLTransportWSServerMessage.next(id: id, payload: payload.json()))
        }
        guard isCurrent(id: id, token: token), !Task.isCancelled else {
            recordStop(id: id, token: token)
            return true
        }
        await send(GraphQLTransportWSServerMessage.complete(id: id))
        services.subscriptions.append(.completedByServer(connection: number, id: id))
        return true
    }

    /// Records an operation the client stopped with `complete`; one ended by the socket's
    /// closing is recorded by the socket (``SubscriptionEvent/socketClosed(connection:code:)``).
    private func recordStop(id: String, token: Int) {
        if stoppedByClient.remove(token) != nil {
            services.subscriptions.append(.completedByClient(connection: number, id: id))
        }
    }
}
