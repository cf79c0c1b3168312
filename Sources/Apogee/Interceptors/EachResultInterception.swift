import ApogeeAPI

/// Runs an interceptor written for one result (``GraphQLInterceptor/intercept(_:next:)``) on a
/// subscription: once to open the stream, with the interceptor's changes to the request, and
/// then once for each later event, whose `next` returns that event.
struct EachResultInterception<Interceptor: GraphQLInterceptor, Operation: GraphQLOperation>: Sendable {
    let interceptor: Interceptor
    let request: GraphQLRequest<Operation>

    func open(
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        let events = OpenedEvents<Operation.Data>()
        let first: GraphQLResult<Operation.Data>
        do {
            first = try await interceptor.intercept(request) { request in
                try await events.open(next(request))
            }
        } catch is EndOfEvents {
            // The subscription completed before its first event.
            return .empty
        }
        let interceptor = self.interceptor
        let request = self.request
        return GraphQLResultStream(unfolding: {
            var pendingFirst: GraphQLResult<Operation.Data>? = first
            return {
                if let result = pendingFirst {
                    pendingFirst = nil
                    return result
                }
                guard let event = try await events.next() else { return nil }
                return try await interceptor.intercept(request) { _ in event }
            }
        })
    }
}

/// Thrown through an interceptor's `next` when a subscription ends before its first event.
private struct EndOfEvents: Error {}

/// The iterator of the stream an interceptor opened, read by one consumer after another
/// (the opening call, then the stream handed on), never by two at once.
private final class OpenedEvents<Data: Sendable>: @unchecked Sendable {
    private var iterator: GraphQLResultStream<Data>.AsyncIterator?

    /// Keeps the stream's iterator and returns its first event.
    func open(_ stream: GraphQLResultStream<Data>) async throws -> GraphQLResult<Data> {
        iterator = stream.makeAsyncIterator()
        guard let first = try await next() else { throw EndOfEvents() }
        return first
    }

    func next() async throws -> GraphQLResult<Data>? {
        guard var current = iterator else { return nil }
        let result = try await current.next()
        iterator = result == nil ? nil : current
        return result
    }
}
