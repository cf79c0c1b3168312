import Foundation
import ApogeeAPI

/// When and how soon ``RetryInterceptor`` sends a request again.
///
/// Delays grow exponentially from ``initialDelay`` by ``multiplier`` up to ``maximumDelay``,
/// and each is shortened by a random part of up to ``jitter`` of itself so that many clients
/// that failed together do not come back together.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first one included; 3 means up to two retries.
    public var maximumAttempts: Int
    /// The delay before the first retry.
    public var initialDelay: Duration
    /// How much each delay grows over the one before.
    public var multiplier: Double
    /// The longest delay. A `Retry-After` longer than this ends the retries instead of being
    /// cut short, since the server said not to come back sooner.
    public var maximumDelay: Duration
    /// The largest fraction (0 to 1) of a delay taken off at random; 0 gives exact delays.
    public var jitter: Double
    /// Whether mutations are retried too. Off by default: a mutation whose response was lost
    /// may have been applied, and a second one would apply it again.
    public var retriesMutations: Bool

    /// Creates a policy.
    public init(
        maximumAttempts: Int = 3,
        initialDelay: Duration = .milliseconds(200),
        multiplier: Double = 2,
        maximumDelay: Duration = .seconds(10),
        jitter: Double = 0.5,
        retriesMutations: Bool = false
    ) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = min(max(jitter, 0), 1)
        self.retriesMutations = retriesMutations
    }

    /// Whether operations of this kind are retried.
    public func retries(_ operationType: OperationType) -> Bool {
        switch operationType {
        case .query: true
        case .mutation: retriesMutations
        case .subscription: false
        }
    }

    /// The backoff before retry number `retry` (1 for the first), before jitter.
    public func backoff(beforeRetry retry: Int) -> Duration {
        let factor = pow(multiplier, Double(max(retry - 1, 0)))
        guard initialDelay.timeInterval * factor < maximumDelay.timeInterval else { return maximumDelay }
        // Whole factors scale exactly, so a policy of 100 ms doubling gives exactly 200 ms, 400 ms.
        return factor == factor.rounded() ? initialDelay * Int(factor) : initialDelay * factor
    }

    /// The delay before retry number `retry`, with jitter applied.
    func delay(beforeRetry retry: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let backoff = backoff(beforeRetry: retry)
        guard jitter > 0 else { return backoff }
        return backoff * (1 - Double.random(in: 0...jitter, using: &generator))
    }
}
