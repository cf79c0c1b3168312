import ApogeeAPI

/// Runs a request through interceptors and then the network transport, for one run of the chain.
struct InterceptorChain<Operation: GraphQLOperation>: Sendable {
    let interceptors: [any GraphQLInterceptor]
    let network: any NetworkTransport

    /// Passes the request to the interceptor at `index`, or to the network past the last one.
    func proceed(_ request: GraphQLRequest<Operation>, at index: Int = 0) async throws -> GraphQLResultStream<Operation.Data> {
        guard index < interceptors.count else {
            return try await network.send(request)
        }
        return try await interceptors[index].interceptStream(request) { request in
            try await proceed(request, at: index + 1)
        }
    }
}
