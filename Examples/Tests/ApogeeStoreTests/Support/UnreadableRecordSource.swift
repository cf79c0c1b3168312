@testable import ApogeeAPI
@testable import ApogeeStore

/// A record source in memory whose reads of some keys fail once the test says so, as a
/// database would with a corrupt page: the way to make a list directive throw.
final class UnreadableRecordSource: RecordSource, Sendable {
    /// The error of a failed read.
    struct ReadFailed: Error, Equatable {
        let key: CacheKey
    }

    private struct State {
        var base = InMemoryRecordSource()
        var unreadable: Set<CacheKey> = []
    }

    private let state = Locked(State())

    /// From now on, reading `keys` fails.
    func makeUnreadable(_ keys: Set<CacheKey>) {
        state.withLock { $0.unreadable = keys }
    }

    func record(for key: CacheKey) throws -> Record? {
        try state.withLock { state in
            guard !state.unreadable.contains(key) else { throw ReadFailed(key: key) }
            return state.base.record(for: key)
        }
    }

    func apply(_ changes: RecordChangeSet) throws {
        state.withLock { $0.base.apply(changes) }
    }

    func allKeys() throws -> [CacheKey] {
        state.withLock { $0.base.allKeys() }
    }

    func count() throws -> Int {
        state.withLock { $0.base.count() }
    }
}
