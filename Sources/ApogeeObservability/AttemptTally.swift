import Apogee
import ApogeeAPI

/// The attempts of one operation, shared by the ``MetricsInterceptor`` that puts it in the
/// request's context and the ``AttemptMetricsInterceptor`` after `RetryInterceptor` that
/// counts into it.
///
/// A reference in the context, since the context travels only down the chain: values an
/// interceptor sets are not seen by those before it, but a shared counter is.
final class AttemptTally: Sendable {
    private let attempts = Locked(0)

    /// Counts one attempt; returns how many there have been, this one included.
    func countAttempt() -> Int {
        attempts.withLock { attempts in
            attempts += 1
            return attempts
        }
    }
}

/// The context key of the tally.
enum AttemptTallyKey: RequestContextKey {
    /// None: no ``MetricsInterceptor`` runs before the attempts are counted.
    static let defaultValue: AttemptTally? = nil
}
