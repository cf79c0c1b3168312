import GraphQL

extension GraphQLWebSocketConnection {
    /// Runs one `subscribe` message: an `error` message when the operation cannot start,
    /// otherwise a `next` per result and a `complete` at the end, unless the client stopped it
    /// first. Records the operation in the server's ``SubscriptionEvent``s.
    func perform(_ operation: StreamedOperation, id: String, token: Int) async {
        if let incremental = IncrementalOperation(
            query: operation.query,
            operationName: operation.operationName,
            variables: operation.variables,
            allowsMutations: true,
            schema: endpoint.schema
        ), await performIncrementally(incremental, id: id, token: token) {
            finish(id: id, token: token)
            return
        }
        let lifetime = SourceLifetime()
        let start = await endpoint.start(
            operation,
            headers: headers,
            sourceLifetime: lifetime,
            mutationPause: services.mutationPause
        )
        let subscribed = SubscriptionEvent.subscribed(connection: number, id: id, operationName: operation.operationName, transport: .webSocket)
        switch start {
        case .rejected(let errors):
            if isCurrent(id: id, token: token) {
                await send(GraphQLTransportWSServerMessage.error(id: id, errors: errors))
            }
        case .single(let result):
            services.subscriptions.append(subscribed)
            if isCurrent(id: id, token: token) {
                await send(GraphQLTransportWSServerMessage.next(id: id, result: result))
                await send(GraphQLTransportWSServerMessage.complete(id: id))
                services.subscriptions.append(.completedByServer(connection: number, id: id))
            } else if stoppedByClient.remove(token) != nil {
                services.subscriptions.append(.completedByClient(connection: number, id: id))
            }
        case .stream(let results):
            services.subscriptions.sourceStarted(subscribed)
            let ending = await relay(results, id: id, token: token)
            // However the relay ended, the source must stop before the count goes down.
            lifetime.stop()
            await lifetime.waitUntilEnded()
            let byClient = stoppedByClient.remove(token) != nil
            switch ending {
            case .stoppedEarly:
                services.subscriptions.sourceStopped(byClient ? .completedByClient(connection: number, id: id) : nil)
            case .finished, .failed:
                services.subscriptions.sourceStopped(.completedByServer(connection: number, id: id))
            }
        }
        finish(id: id, token: token)
    }

    private enum Ending {
        /// The results ended; `complete` was sent.
        case finished
        /// The source failed; an `error` message was sent.
        case failed
        /// The client sent `complete`, or the socket closed.
        case stoppedEarly
    }

    /// Sends each result as `next`, then `complete` (or `error` when the source fails).
    private func relay(_ results: AsyncThrowingStream<GraphQLResult, any Error>, id: String, token: Int) async -> Ending {
        do {
            for try await result in results {
                guard isCurrent(id: id, token: token), !Task.isCancelled else { return .stoppedEarly }
                await send(GraphQLTransportWSServerMessage.next(id: id, result: result))
            }
        } catch {
            guard isCurrent(id: id, token: token), !Task.isCancelled else { return .stoppedEarly }
            await send(GraphQLTransportWSServerMessage.error(id: id, errors: [error as? GraphQLError ?? GraphQLError(error)]))
            return .failed
        }
        guard isCurrent(id: id, token: token), !Task.isCancelled else { return .stoppedEarly }
        await send(GraphQLTransportWSServerMessage.complete(id: id))
        return .finished
    }
}
