@testable import ApogeeAPI
@testable import ApogeeStore

/// Records in memory that call `beforeApply` before each change set is applied, on the thread
/// that applies it: the way to see where and when a store writes, or to hold a write back.
public final class ObservedRecordSource: RecordSource, Sendable {
    private let records = Locked(InMemoryRecordSource())
    private let beforeApply: @Sendable () -> Void

    public init(beforeApply: @escaping @Sendable () -> Void) {
        self.beforeApply = beforeApply
    }

    public func record(for key: CacheKey) throws -> Record? {
        records.withLock { $0.record(for: key) }
    }

    public func apply(_ changes: RecordChangeSet) throws {
        beforeApply()
        records.withLock { $0.apply(changes) }
    }

    public func allKeys() throws -> [CacheKey] {
        records.withLock { $0.allKeys() }
    }

    public func count() throws -> Int {
        records.withLock { $0.count() }
    }
}
