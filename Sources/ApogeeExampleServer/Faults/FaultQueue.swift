import ApogeeAPI

/// The scripted faults waiting for requests, first in first out.
final class FaultQueue: Sendable {
    private let faults = Locked<[ExampleServerFault]>([])

    func enqueue(_ fault: ExampleServerFault) {
        faults.withLock { $0.append(fault) }
    }

    /// Takes the next fault, if any; each request takes at most one.
    func next() -> ExampleServerFault? {
        faults.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    var count: Int { faults.withLock { $0.count } }

    func removeAll() {
        faults.withLock { $0.removeAll() }
    }
}
