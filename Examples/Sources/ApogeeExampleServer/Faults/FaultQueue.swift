import ApogeeAPI
import NIOConcurrencyHelpers

/// The scripted faults waiting for requests, first in first out.
final class FaultQueue: Sendable {
    private let faults = NIOLockedValueBox<[ExampleServerFault]>([])

    func enqueue(_ fault: ExampleServerFault) {
        faults.withLockedValue { $0.append(fault) }
    }

    /// Takes the next fault, if any; each request takes at most one. Faults of incremental
    /// answers stay queued for ``nextIncremental()``, those of multipart subscriptions for
    /// ``nextMultipartSubscription()``.
    func next() -> ExampleServerFault? {
        take { !$0.action.isIncremental && !$0.action.isMultipartSubscription }
    }

    /// Takes the next fault of a multipart subscription, if any.
    func nextMultipartSubscription() -> MultipartSubscriptionFault? {
        guard case .multipartSubscription(let fault)? = take(where: { $0.action.isMultipartSubscription })?.action else { return nil }
        return fault
    }

    /// Takes the next fault of an incremental answer, if any.
    func nextIncremental() -> IncrementalFault? {
        guard case .incremental(let fault)? = take(where: { $0.action.isIncremental })?.action else { return nil }
        return fault
    }

    private func take(where matches: (ExampleServerFault) -> Bool) -> ExampleServerFault? {
        faults.withLockedValue { faults in
            faults.firstIndex(where: matches).map { faults.remove(at: $0) }
        }
    }

    var count: Int { faults.withLockedValue { $0.count } }

    func removeAll() {
        faults.withLockedValue { $0.removeAll() }
    }
}
