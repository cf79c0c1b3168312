import ApogeeStore
import Foundation

/// One SQLite file holding a persistent cache and a durable mutation queue: open it once and
/// hand its ``recordSource`` to a `NormalizedStore` and its ``mutationQueueStorage`` to a
/// mutation queue. Both share one connection.
///
/// The file is created readable and writable by its owner only (mode 0600), and SQLite gives
/// its `-wal` and `-shm` files beside it the same mode; a file that already exists keeps its own. It is used in WAL mode with `synchronous=NORMAL`: a commit
/// survives the process being killed, and a power loss may lose the last commits (see
/// ``Configuration/synchronous``).
///
/// ```swift
/// let file = try SQLiteStore(path: cachePath, configuration: .init(maximumAges: ["Launch": .seconds(300)]))
/// let store = file.makeNormalizedStore()
/// ```
///
/// ## Topics
/// ### Opening
/// - ``init(path:configuration:)``
/// - ``Configuration``
/// - ``SQLiteStoreError``
/// - ``setAsidePath``
/// - ``close()``
/// ### Using the file
/// - ``recordSource``
/// - ``makeNormalizedStore(keyPolicy:clock:)``
/// - ``mutationQueueStorage``
public final class SQLiteStore: Sendable {
    /// The store file.
    public let path: String
    /// How it was opened.
    public let configuration: Configuration
    /// Where the unusable file found at ``path`` was moved when the store started afresh, or
    /// `nil` when the file was used as it was.
    public let setAsidePath: String?
    /// The records, for `NormalizedStore(source:)`.
    public let recordSource: SQLiteRecordSource
    /// The durable mutation queue's storage.
    public let mutationQueueStorage: SQLiteMutationQueueStorage
    let database: Database

    /// Opens the store file at `path`, creating it (and nothing else: its folder must exist)
    /// when there is none, and bringing an older file's schema up to date.
    ///
    /// Opening does blocking file I/O; call it from a task or a thread of your own, not from a
    /// SwiftNIO event loop.
    /// - Throws: ``SQLiteStoreError``: the file is unreadable, corrupt, of a newer schema or
    ///   not a store (unless ``Configuration/ifUnusable`` is
    ///   ``Configuration/UnusableFilePolicy/startAfresh``, which moves it aside and starts an
    ///   empty file), or SQLite failed.
    public init(path: String, configuration: Configuration = Configuration()) throws(SQLiteStoreError) {
        self.path = path
        self.configuration = configuration
        var setAsidePath: String?
        let opened: (database: Database, records: RecordTable)
        do throws(SQLiteStoreError) {
            opened = try Self.open(path: path, configuration: configuration)
        } catch where error.isUnusableFile && configuration.ifUnusable == .startAfresh {
            setAsidePath = try DatabaseFile.moveAside(path, at: configuration.now())
            opened = try Self.open(path: path, configuration: configuration)
        }
        database = opened.database
        self.setAsidePath = setAsidePath
        recordSource = SQLiteRecordSource(table: opened.records)
        mutationQueueStorage = SQLiteMutationQueueStorage(database: opened.database)
    }

    /// Opens the file and reads what the record table starts from. Both steps can find the
    /// file damaged (a page that the schema check never reads), so `.startAfresh` covers both.
    private static func open(path: String, configuration: Configuration) throws(SQLiteStoreError) -> (database: Database, records: RecordTable) {
        let database = try Database.open(path: path, configuration: configuration)
        do {
            return (database, try RecordTable(database: database, configuration: configuration))
        } catch {
            try? database.close()
            throw SQLiteStoreError(error, path: path)
        }
    }

    /// A normalized store over this file's records. Make one per file: the store's watchers
    /// see only the writes made through it.
    ///
    /// The file's ``Configuration/maximumAges`` apply as records are read, from the fields'
    /// write times; the schema's and the server's ages are kept with the fields.
    /// - Parameters:
    ///   - keyPolicy: How objects are given cache keys.
    ///   - clock: The time the store measures expiry with; by default the configuration's
    ///     ``Configuration/now``, so that write times and expiry times agree. Give the
    ///     configuration the same time (`now: { clock.now() }`) when you pass one.
    public func makeNormalizedStore(keyPolicy: CacheKeyPolicy = .default, clock: (any CacheClock)? = nil) -> NormalizedStore {
        NormalizedStore(source: recordSource, keyPolicy: keyPolicy, clock: clock ?? ConfiguredClock(currentTime: configuration.now))
    }

    /// Closes the file, folding the write-ahead log into it. Every later use of the store, its
    /// record source or its queue storage throws ``SQLiteStoreError/Kind/closed``.
    /// Closing twice does nothing. The file is also closed when the store is released, but
    /// only an explicit close saves the record uses read since the last write (which order
    /// evictions under a size limit) and waits until the file is closed.
    public func close() throws(SQLiteStoreError) {
        do {
            if database.isOpen { try recordSource.table.saveUses() }
            try database.close()
        } catch {
            throw SQLiteStoreError(error, path: path)
        }
    }
}
