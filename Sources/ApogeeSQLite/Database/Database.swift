import ApogeeAPI
import Foundation
import SQLiteNIO

/// The one SQLite connection of a store file, used synchronously by the record source and the
/// mutation queue storage.
///
/// SQLiteNIO runs every call on a thread pool and answers with a future; ``RecordSource`` and
/// `MutationQueueStorage` are synchronous, so each call waits for its future. The lock makes
/// the connection one caller's at a time, which SQLite needs anyway for a transaction to be
/// made of several calls.
final class Database: Sendable {
    /// The file, for errors.
    let path: String
    /// `nil` once closed.
    private let connection: Locked<SQLiteConnection?>

    init(path: String, connection: SQLiteConnection) {
        self.path = path
        self.connection = Locked(connection)
    }

    deinit {
        // SQLiteNIO insists on an explicit close. Waiting for it means the file is closed once
        // the last reference goes, so it can be moved or opened again at once; on an event
        // loop, where waiting is not allowed, the future keeps the connection until it closes.
        guard let connection = connection.withLock({ $0 }) else { return }
        let closed = connection.close()
        if !connection.eventLoop.inEventLoop { try? closed.wait() }
    }

    /// Runs `body` with the connection to itself.
    func withSession<Result>(_ body: (DatabaseSession) throws -> Result) throws -> Result {
        try connection.withLock { connection in
            guard let connection else {
                throw SQLiteStoreError(.closed, path: path, detail: "the store was closed")
            }
            return try body(DatabaseSession(connection: connection, path: path))
        }
    }

    /// Whether the connection is still open; reads served from memory check it so that a
    /// closed store fails the same way whatever the call.
    var isOpen: Bool {
        connection.withLock { $0 != nil }
    }

    /// Closes the connection, checkpointing the write-ahead log into the file; later calls
    /// throw ``SQLiteStoreError/Kind/closed``. Closing twice does nothing.
    func close() throws {
        try connection.withLock { connection in
            guard let open = connection else { return }
            connection = nil
            try DatabaseSession(connection: open, path: path).wait(open.close())
        }
    }
}
