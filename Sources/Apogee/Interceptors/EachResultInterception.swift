import ApogeeAPI

/// Runs an interceptor written for one result (``GraphQLInterceptor/intercept(_:next:)``) on
/// every result of a stream: once to open the stream, with the interceptor's changes to the
/// request, and then once for each later result, whose `next` returns that result.
struct EachResultInterception<Interceptor: GraphQLInterceptor, Operation: GraphQLOperation>: Sendable {
    let interceptor: Interceptor
    let request: GraphQLRequest<Operation>

    func open(
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        let results = HandedOnResults<Operation.Data>()
        let first: GraphQLResult<Operation.Data>
        do {
            first = try await interceptor.intercept(request) { request in
                results.read(try await next(request))
                guard let first = try await results.next() else { throw EndOfEvents() }
                return first
            }
        } catch is EndOfEvents {
            // The stream ended before its first result: a subscription completed at once.
            return .empty
        }
        let interceptor = self.interceptor
        let request = self.request
        return GraphQLResultStream(first: first) {
            guard let result = try await results.next() else { return nil }
            return try await interceptor.intercept(request) { _ in result }
        }
    }
}

/// Thrown through an interceptor's `next` when the stream ends before its first result.
private struct EndOfEvents: Error {}
