import ApogeeStore
import Foundation

/// A record source in memory whose reads of some keys fail once the test says so, as a
/// database would with a corrupt page: the way to make a list directive throw.
final class UnreadableRecordSource: RecordSource, @unchecked Sendable {
    /// The error of a failed read.
    struct ReadFailed: Error, Equatable {
        let key: CacheKey
    }

    private let lock = NSLock()
    private var base = InMemoryRecordSource()
    private var unreadable: Set<CacheKey> = []

    /// From now on, reading `keys` fails.
    func makeUnreadable(_ keys: Set<CacheKey>) {
        lock.withLock { unreadable = keys }
    }

    func record(for key: CacheKey) throws -> Record? {
        try lock.withLock {
            guard !unreadable.contains(key) else { throw ReadFailed(key: key) }
            return base.record(for: key)
        }
    }

    func apply(_ changes: RecordChangeSet) throws {
        lock.withLock { base.apply(changes) }
    }

    func allKeys() throws -> [CacheKey] {
        lock.withLock { base.allKeys() }
    }

    func count() throws -> Int {
        lock.withLock { base.count() }
    }
}
