import ApogeeAPI

extension OperationExecutor {
    /// A stream fed by `body` in a task of its own through a writer, which is cancelled when
    /// the stream is cancelled or dropped; the stream ends when `body` returns or throws,
    /// after the results written before.
    func stream(
        bufferLimit: Int? = nil,
        _ body: @escaping @Sendable (SubscriptionEventWriter<Operation>) async throws -> Void
    ) -> AsyncThrowingStream<OperationResult, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: OperationResult.self,
            bufferingPolicy: bufferLimit.map { .bufferingNewest(max($0, 1)) } ?? .unbounded
        )
        let writer = SubscriptionEventWriter(executor: self, results: continuation)
        let task = Task {
            do {
                try await body(writer)
                writer.finish()
            } catch {
                writer.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
