import ApogeeAPI

extension OperationExecutor {
    /// Sends the operation through the chain and hands each result to `handle` as it arrives,
    /// `isFirst` for the first; `handle` writes it. When no result comes, the optimistic layer
    /// is rolled back (unless its owner keeps it) and the error, if any, thrown.
    ///
    /// Once a result has come the layer is the write's to remove, so an error after it leaves
    /// the layer alone.
    func send(_ handle: @escaping @Sendable (_ result: OperationResult, _ isFirst: Bool) async -> Void) async throws {
        var request = client.makeRequest(for: operation, context: context)
        let received: Int
        do {
            let interceptors = client.interceptorProvider.interceptors(for: operation)
            if let deadline, !request.body.containsUploads, client.chainKeepsRequestDeadline(through: interceptors) {
                // Kept by the chain itself: the request runs in the calling task.
                request.context.requestDeadline = RequestDeadline(deadline)
                received = try await receive(request, through: interceptors, claimingFirst: { true }, handle) ?? 0
            } else if let deadline, !request.body.containsUploads {
                received = try await receive(request, through: interceptors, within: deadline, handle)
            } else {
                // Nothing else claims the first result, so it is always there to take.
                received = try await receive(request, through: interceptors, claimingFirst: { true }, handle) ?? 0
            }
        } catch {
            if layerOwner == .request, !error.cameAfterFirstResult { client.store.rollBack(layer) }
            throw error.underlying
        }
        if received == 0, layerOwner == .request { client.store.rollBack(layer) }
    }

    /// Reads the results of `request`, sent through `interceptors`, into `handle` and returns
    /// how many there were. `claimFirst` is asked before the first result is handled: `false`
    /// means the deadline took it, and then nothing is handled and this returns `nil`.
    func receive(
        _ request: GraphQLRequest<Operation>,
        through interceptors: [any GraphQLInterceptor],
        claimingFirst claimFirst: @Sendable () -> Bool,
        _ handle: @Sendable (OperationResult, Bool) async -> Void
    ) async throws -> Int? {
        var count = 0
        do {
            for try await result in try await client.sendForResults(request, through: interceptors) {
                if count == 0, !claimFirst() { return nil }
                count += 1
                await handle(result, count == 1)
            }
        } catch where count > 0 {
            throw AfterFirstResult(underlying: error)
        }
        return count
    }

    /// The result of one attempt: the answer as it came and as it was written, or
    /// ``ApogeeError/noResult`` when the stream ended without one. The answer is the first
    /// result, or for incremental delivery the last, which has all the payloads; every result
    /// is written as it comes.
    func answer() async throws -> (received: OperationResult, written: OperationResult) {
        let keepsLast = ResultDelivery(for: Operation.self) == .incremental
        let answer = Locked<(received: OperationResult, written: OperationResult)?>(nil)
        try await send { result, isFirst in
            let written = write(result, isFirst: isFirst)
            if isFirst || keepsLast { answer.withLock { $0 = (result, written) } }
        }
        guard let answer = answer.withLock({ $0 }) else { throw ApogeeError.noResult }
        return answer
    }

    /// The server's answer (see ``answer()``), written as ``writes`` says.
    func fetchAnswer() async throws -> OperationResult {
        try await answer().written
    }

    /// One result written as ``writes`` says: the first one in place of the optimistic layer,
    /// with the updater, in one transaction.
    func write(_ result: OperationResult, isFirst: Bool) -> OperationResult {
        let layer = isFirst ? layer : nil
        guard writes.toStore else {
            // Not written: the guess still goes when its answer comes.
            client.store.rollBack(layer)
            return result
        }
        return client.storing(result, for: operation, removingOptimisticLayer: layer, updater: isFirst ? updater : nil, variables: writes.variables)
    }
}

/// An error thrown once the stream has given a result, whose layer the write has removed.
struct AfterFirstResult: Error {
    let underlying: any Error
}

extension Error {
    /// Whether the stream had given a result before this error.
    fileprivate var cameAfterFirstResult: Bool { self is AfterFirstResult }
    /// The error as the chain threw it.
    fileprivate var underlying: any Error { (self as? AfterFirstResult)?.underlying ?? self }
}
