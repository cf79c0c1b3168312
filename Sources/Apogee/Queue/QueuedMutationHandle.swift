import ApogeeAPI

/// A mutation in a durable queue, to await its answer or cancel it.
public struct QueuedMutationHandle<Mutation: GraphQLMutation>: Sendable {
    /// The mutation's id: its idempotency key.
    public let id: String
    let queue: MutationQueue

    /// Waits for the server's answer, as ``ApogeeClient/perform(mutation:optimisticResponse:optimisticUpdater:updater:context:)``
    /// gives it: data and GraphQL errors. Cancelling the waiting task leaves the mutation
    /// queued.
    /// - Throws: The error that made the queue give the mutation up,
    ///   ``MutationQueueError/cancelled``, or ``MutationQueueError/failed(reason:)`` for one
    ///   given up in an earlier run.
    public func result() async throws -> GraphQLResult<Mutation.Data> {
        let settlement = try await queue.settlement(of: id)
        if let failure = settlement.failure { throw failure }
        if let result = settlement.result as? GraphQLResult<Mutation.Data> { return result }
        return try settlement.outcome.result(as: Mutation.Data.self)
    }

    /// Waits for how the mutation left the queue.
    public func outcome() async throws -> MutationOutcome {
        try await queue.outcome(of: id)
    }

    /// Cancels the mutation if it has not been sent; see ``MutationQueue/cancel(_:)``.
    public func cancel() async throws -> Bool {
        try await queue.cancel(id)
    }
}

extension MutationOutcome {
    /// The outcome as a typed result: the stored answer decoded, or the reason it has none.
    func result<Data: RootSelectionSet>(as type: Data.Type) throws -> GraphQLResult<Data> {
        switch self {
        case .delivered(let response):
            // Decoded as a response from the network is, with the same errors for a bad one.
            let body: GraphQLResponseBody
            do {
                body = try GraphQLResponseBody(object: response)
            } catch {
                throw MutationQueueError.failed(reason: "the stored answer is not a GraphQL response: \(error)")
            }
            return try GraphQLResult<Data>(decoding: body, httpResponse: nil)
        case .failed(let reason):
            throw MutationQueueError.failed(reason: reason)
        case .cancelled:
            throw MutationQueueError.cancelled
        }
    }
}
