import ApogeeAPI

/// Builds the interceptor chain for each operation, first interceptor first.
///
/// The first interceptor sees the request first and the result last. A provider may give
/// different chains to different operations (no retry for mutations, say).
///
/// ```swift
/// struct NetworkInterceptorProvider: InterceptorProvider {
///     let defaults = DefaultInterceptorProvider()
///     let tokens: InMemoryTokenStore
///
///     func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
///         var interceptors = defaults.interceptors(for: operation)
///         interceptors.insert(TokenAddingInterceptor(tokens: tokens), at: 0)
///         return interceptors
///     }
/// }
/// ```
public protocol InterceptorProvider: Sendable {
    /// The interceptors for one operation, in the order they see the request.
    func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor]
}

extension InterceptorProvider {
    /// This provider's chain with `interceptor` inserted at `index` (clamped to the chain's
    /// length), for adding one interceptor without writing a provider type.
    public func inserting(_ interceptor: any GraphQLInterceptor, at index: Int) -> some InterceptorProvider {
        InsertingInterceptorProvider(base: self, interceptor: interceptor, index: index)
    }
}

private struct InsertingInterceptorProvider<Base: InterceptorProvider>: InterceptorProvider {
    let base: Base
    let interceptor: any GraphQLInterceptor
    let index: Int

    func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        var interceptors = base.interceptors(for: operation)
        interceptors.insert(interceptor, at: max(0, min(index, interceptors.count)))
        return interceptors
    }
}
