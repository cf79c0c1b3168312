import ApogeeAPI

/// A request's whole-request deadline (``ApogeeClient/Configuration/requestDeadline``) as the
/// steps of its chain keep it themselves: the HTTP transport ends its exchange at the deadline,
/// and the retry interceptor never waits past it.
///
/// A chain whose every step keeps the deadline (``KeepsRequestDeadline``) is handed it in the
/// request's context, and runs in the calling task. Any other chain runs in a task of its own,
/// which is cancelled at the deadline; that costs the caller a switch between tasks when the
/// result comes, about a tenth of a mutation's round trip on loopback (Benchmarks/README.md).
package struct RequestDeadline: Sendable {
    /// The deadline as configured, which the error names.
    package let limit: Duration
    /// When it passes.
    package let instant: ContinuousClock.Instant

    /// The deadline `limit` from now.
    package init(_ limit: Duration) {
        self.limit = limit
        self.instant = .now + limit
    }

    /// How long is left, zero once the deadline has passed.
    package var remaining: Duration {
        max(instant - .now, .zero)
    }

    /// The error of a request that met its deadline.
    package var exceeded: ApogeeError {
        .deadlineExceeded(limit)
    }
}

/// A step of the chain that keeps a request's ``RequestDeadline`` by itself, so that the chain
/// needs no task of its own to be cancelled at the deadline: an interceptor that never waits
/// past it, a transport that ends its exchange at it.
package protocol KeepsRequestDeadline {
    /// Whether this instance keeps it; a transport that sends through another may not. An
    /// interceptor keeps it by conforming, whatever this says.
    var keepsRequestDeadline: Bool { get }
}

extension KeepsRequestDeadline {
    /// Kept, unless the step says otherwise.
    package var keepsRequestDeadline: Bool { true }
}

extension RequestContext {
    /// The whole-request deadline, when the chain keeps it itself (``KeepsRequestDeadline``);
    /// `nil` when there is none, or a task of the executor's enforces it.
    package var requestDeadline: RequestDeadline? {
        get { self[RequestDeadlineKey.self] }
        set { self[RequestDeadlineKey.self] = newValue }
    }
}

private enum RequestDeadlineKey: RequestContextKey {
    static var defaultValue: RequestDeadline? { nil }
}
