import Foundation

extension SQLiteStore {
    /// How a store file is opened, how long records stay fresh, and how large the cache may grow.
    ///
    /// ## Topics
    /// ### Opening
    /// - ``ifUnusable``
    /// - ``synchronous``
    /// - ``busyTimeout``
    /// - ``checksIntegrity``
    /// ### Expiry and size
    /// - ``maximumAges``
    /// - ``sizeLimit``
    /// - ``now``
    public struct Configuration: Sendable {
        /// What to do with a file that cannot be used (see ``SQLiteStoreError/isUnusableFile``).
        public enum UnusableFilePolicy: Sendable, Hashable {
            /// Throw the error and leave the file alone.
            case fail
            /// Keep the file aside as `<path>.unusable-<time>` (with its `-wal` and `-shm`) and
            /// start an empty store at the path.
            case startAfresh
        }

        /// When a commit reaches the disk.
        public enum Synchronous: Sendable, Hashable {
            /// A commit survives the process being killed, but a power loss or an operating
            /// system crash may undo the last commits. SQLite's recommendation for WAL mode,
            /// and much faster than ``full``.
            case normal
            /// Every commit is flushed to the disk before it returns, so it survives a power loss too.
            case full
        }

        /// What to do with a file that cannot be used. ``UnusableFilePolicy/fail`` by default.
        public var ifUnusable: UnusableFilePolicy
        /// When a commit reaches the disk. ``Synchronous/normal`` by default.
        public var synchronous: Synchronous
        /// How long a statement waits for another process that holds the file locked.
        public var busyTimeout: Duration
        /// Whether opening reads the whole file to look for damage (`PRAGMA quick_check`), so
        /// that a damaged file is found at open, where ``ifUnusable`` can act, rather than by a
        /// later read. It costs a pass over the file.
        public var checksIntegrity: Bool
        /// How long a field stays fresh after it was written, by type (`"Launch"`) or by field
        /// (`"Launch.site"`; a field's own age wins over its type's). A field older than its age
        /// reads as missing, so a read of it is a cache miss and the cache policy fetches.
        ///
        /// The type of a record is its `__typename`, or the part of its key before the colon,
        /// or `Query`, `Mutation` and `Subscription` for the roots. A field with arguments
        /// (`launch({"id":"25"})`) is named without them (`"Query.launch"`).
        public var maximumAges: [String: Duration]
        /// The most bytes the records may take (their keys, fields and write times as stored).
        /// When a write goes over it, the least recently used records are removed in the same
        /// transaction; the root records are never removed. `nil`, the default, for no limit.
        public var sizeLimit: Int?
        /// The clock that write times and ages are measured with; replace it for tests.
        public var now: @Sendable () -> Date

        /// Makes a configuration; every value has a default.
        public init(
            ifUnusable: UnusableFilePolicy = .fail,
            synchronous: Synchronous = .normal,
            busyTimeout: Duration = .seconds(5),
            checksIntegrity: Bool = false,
            maximumAges: [String: Duration] = [:],
            sizeLimit: Int? = nil,
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.ifUnusable = ifUnusable
            self.synchronous = synchronous
            self.busyTimeout = busyTimeout
            self.checksIntegrity = checksIntegrity
            self.maximumAges = maximumAges
            self.sizeLimit = sizeLimit
            self.now = now
        }
    }
}
