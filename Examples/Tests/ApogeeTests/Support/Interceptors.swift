@testable import Apogee
import Foundation
import HTTPTypes

/// The reference tutorial's interceptor: adds the token, if there is one, as the raw value of
/// `Authorization`.
struct TokenAddingInterceptor: GraphQLInterceptor {
    let tokens: InMemoryTokenStore

    func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data> {
        var request = request
        if let token = await tokens.token {
            request.addHeader(name: "Authorization", value: token)
        }
        return try await next(request)
    }
}

/// The reference tutorial's provider: the default chain with the token interceptor first.
struct NetworkInterceptorProvider: InterceptorProvider {
    let tokens: InMemoryTokenStore
    var defaults = DefaultInterceptorProvider(retry: nil)

    func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        var interceptors = defaults.interceptors(for: operation)
        interceptors.insert(TokenAddingInterceptor(tokens: tokens), at: 0)
        return interceptors
    }
}

/// Runs a closure on each request, for tests that change or inspect requests.
struct ClosureInterceptor: GraphQLInterceptor {
    let change: @Sendable (inout HTTPFields, inout URL, inout HTTPRequest.Method) -> Void

    func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data> {
        var request = request
        change(&request.headers, &request.url, &request.method)
        return try await next(request)
    }
}

/// A provider with a fixed chain.
struct FixedInterceptorProvider: InterceptorProvider {
    let chain: [any GraphQLInterceptor]

    init(_ chain: [any GraphQLInterceptor]) {
        self.chain = chain
    }

    func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        chain
    }
}

/// An interceptor that acts on the result the rest of the chain returns and passes the
/// request on as it is: a conformer writes ``adjust(_:of:)``, not the chain's plumbing.
protocol ResultInterceptor: GraphQLInterceptor {
    /// What the interceptor returns (or throws) for `result`, the rest of the chain's answer
    /// to `request`.
    func adjust<Operation: GraphQLOperation>(
        _ result: GraphQLResult<Operation.Data>, of request: GraphQLRequest<Operation>
    ) async throws -> GraphQLResult<Operation.Data>
}

extension ResultInterceptor {
    func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data> {
        try await adjust(next(request), of: request)
    }
}
