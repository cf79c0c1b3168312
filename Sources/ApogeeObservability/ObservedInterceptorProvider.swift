import Apogee
import ApogeeAPI
import CoreMetrics
import Tracing

/// A provider's chain with metrics and tracing added where each sees what it records.
///
/// Made by `InterceptorProvider.observed(metrics:tracing:)`. The ``TracingInterceptor`` goes
/// first, so its span covers the whole operation and is current for the rest of the chain;
/// the ``MetricsInterceptor`` second, so an operation counts once and its duration includes
/// the retries; its ``MetricsInterceptor/attempts`` right after the base chain's
/// `RetryInterceptor` (or right after the ``MetricsInterceptor`` when there is none), where
/// every attempt passes.
public struct ObservedInterceptorProvider<Base: InterceptorProvider>: InterceptorProvider {
    /// The chain being observed.
    public let base: Base
    /// The metrics interceptors' backend and names; `nil` for no metrics.
    public let metrics: MetricsInterceptor?
    /// The tracing interceptor; `nil` for no tracing.
    public let tracing: TracingInterceptor?

    /// Observes `base`'s chain.
    public init(base: Base, metrics: MetricsInterceptor?, tracing: TracingInterceptor?) {
        self.base = base
        self.metrics = metrics
        self.tracing = tracing
    }

    /// The base chain, with the observing interceptors in their places.
    public func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        var interceptors = base.interceptors(for: operation)
        if let metrics {
            let attempts = metrics.attempts
            if let retry = interceptors.lastIndex(where: { $0 is RetryInterceptor }) {
                interceptors.insert(attempts, at: retry + 1)
            } else {
                interceptors.insert(attempts, at: 0)
            }
            interceptors.insert(metrics, at: 0)
        }
        if let tracing {
            interceptors.insert(tracing, at: 0)
        }
        return interceptors
    }
}

extension InterceptorProvider {
    /// This provider's chain, observed: each operation recorded in metrics and traced.
    ///
    /// ```swift
    /// let provider = DefaultInterceptorProvider(authorization: authorization)
    ///     .observed(metrics: MetricsInterceptor(), tracing: TracingInterceptor())
    /// let client = ApogeeClient(url: url, interceptorProvider: provider)
    /// ```
    /// - Parameters:
    ///   - metrics: Records the operations in metrics, and places its
    ///     ``MetricsInterceptor/attempts`` after the retries; `nil` for none.
    ///   - tracing: Traces the operations; `nil` for no tracing.
    public func observed(metrics: MetricsInterceptor? = MetricsInterceptor(), tracing: TracingInterceptor? = TracingInterceptor()) -> ObservedInterceptorProvider<Self> {
        ObservedInterceptorProvider(base: self, metrics: metrics, tracing: tracing)
    }
}
