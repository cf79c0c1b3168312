import ApogeeAPI

extension ApogeeClient {
    /// Runs a query as `cachePolicy` says and gives each of its results as it comes: one, or
    /// with ``CachePolicy/returnCacheDataAndFetch`` the store's result first and then the
    /// server's.
    ///
    /// ```swift
    /// for try await result in client.fetchResults(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataAndFetch) {
    ///     show(result.data, fromCache: result.source == .cache)
    /// }
    /// ```
    ///
    /// The sequence ends after the last result, or throws what ``fetch(query:cachePolicy:context:)``
    /// would throw. Cancelling the consuming task, or dropping the sequence, cancels the request.
    public func fetchResults<Query: GraphQLQuery>(
        query: Query,
        cachePolicy: CachePolicy = .default,
        context: RequestContext = RequestContext()
    ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
        stream { continuation in
            try await self.runQuery(query, cachePolicy: cachePolicy, context: context) { continuation.yield($0) }
        }
    }

    /// A stream fed by `produce` in a task of its own, which is cancelled when the stream is
    /// cancelled or dropped; the stream ends when `produce` returns or throws.
    func stream<Element: Sendable>(
        _ produce: @escaping @Sendable (AsyncThrowingStream<Element, any Error>.Continuation) async throws -> Void
    ) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
        let task = Task {
            do {
                try await produce(continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
