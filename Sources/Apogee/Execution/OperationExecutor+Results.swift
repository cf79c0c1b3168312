import ApogeeAPI

extension OperationExecutor {
    /// What the cache policy makes of the store's answer.
    func lookUp() -> CacheLookup<Operation.Data> {
        guard let cacheStep, cacheStep.policy.readsCache else { return .fetch(first: nil) }
        return client.decide(cacheStep.read(context.cacheReadOptions), cachePolicy: cacheStep.policy)
    }

    /// Every result in order, in a stream: the store's as the cache policy says, then each of
    /// the server's once written. `bufferLimit` bounds the unread results (the oldest go
    /// first; the store has them all); unbounded by default.
    ///
    /// Cancelling the consuming task, or dropping the stream, cancels the request, which rolls
    /// back an optimistic layer that has no answer yet.
    func results(bufferLimit: Int? = nil) -> AsyncThrowingStream<OperationResult, any Error> {
        stream(bufferLimit: bufferLimit) { writer in
            switch lookUp() {
            case .answered(let result):
                writer.pass(result)
            case .fetch(let first):
                if let first { writer.pass(first) }
                try await send { result, isFirst in await writer.write(result, isFirst: isFirst) }
            }
        }
    }

    /// The first result, for the calls that return one: the store's when the policy answers
    /// from it, else the server's once written.
    ///
    /// With ``CachePolicy/returnCacheDataAndFetch`` and the data in the store, the store's
    /// result returns and the request goes on in a task of its own, its result written into
    /// the store (where watchers see it) and otherwise dropped.
    func firstResult() async throws -> OperationResult {
        // A mutation, or a query that skips the store, goes straight to the server, without
        // the store's answer in this frame: each generic value is an allocation on the
        // task's stack, made when the function starts.
        guard let cacheStep, cacheStep.policy.readsCache else { return try await fetchAnswer() }
        return try await firstResultConsultingStore()
    }

    /// ``firstResult()`` for a policy that reads the store first.
    private func firstResultConsultingStore() async throws -> OperationResult {
        switch lookUp() {
        case .answered(let result):
            return result
        case .fetch(let first?):
            Task { _ = try? await self.fetchAnswer() }
            return first
        case .fetch(nil):
            return try await fetchAnswer()
        }
    }
}
