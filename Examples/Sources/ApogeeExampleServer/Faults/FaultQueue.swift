import ApogeeAPI
import NIOConcurrencyHelpers

/// The scripted faults waiting for requests, first in first out.
final class FaultQueue: Sendable {
    private let faults = NIOLockedValueBox<[ExampleServerFault]>([])

    func enqueue(_ fault: ExampleServerFault) {
        faults.withLockedValue { $0.append(fault) }
    }

    /// Takes the next fault, if any; each request takes at most one.
    func next() -> ExampleServerFault? {
        faults.withLockedValue { $0.isEmpty ? nil : $0.removeFirst() }
    }

    var count: Int { faults.withLockedValue { $0.count } }

    func removeAll() {
        faults.withLockedValue { $0.removeAll() }
    }
}
