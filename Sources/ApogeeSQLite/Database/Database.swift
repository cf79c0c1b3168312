import ApogeeAPI

/// The one SQLite connection of a store file, used synchronously by the record source and the
/// mutation queue storage.
///
/// The lock makes the connection one caller's at a time, which SQLite needs anyway for a
/// transaction to be made of several calls.
final class Database: Sendable {
    /// The file, for errors.
    let path: String
    /// `nil` once closed.
    private let connection: Locked<DatabaseConnection?>

    init(path: String, connection: DatabaseConnection) {
        self.path = path
        self.connection = Locked(connection)
    }

    /// Runs `body` with the connection to itself.
    func withSession<Result>(_ body: (DatabaseSession) throws -> Result) throws -> Result {
        try connection.withLock { connection in
            guard let connection else {
                throw SQLiteStoreError(.closed, path: path, detail: "the store was closed")
            }
            return try body(DatabaseSession(connection: connection))
        }
    }

    /// Whether the connection is still open; reads served from memory check it so that a
    /// closed store fails the same way whatever the call.
    var isOpen: Bool {
        connection.withLock { $0 != nil }
    }

    /// Closes the connection, checkpointing the write-ahead log into the file; later calls
    /// throw ``SQLiteStoreError/Kind/closed``. Closing twice does nothing. The last reference
    /// going closes it too.
    func close() throws {
        connection.withLock { connection in
            connection?.close()
            connection = nil
        }
    }
}
