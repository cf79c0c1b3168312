import NIOCore
import SQLiteNIO

/// The connection while ``Database`` is locked for one caller: statements run one after the
/// other, each waited for, so several make a transaction.
struct DatabaseSession {
    let connection: SQLiteConnection
    let path: String

    /// Runs one statement and returns its rows.
    ///
    /// Every statement is a hop to the thread pool and back, so callers batch: one statement
    /// for many rows, with `IN (…)` and multi-row `VALUES`.
    @discardableResult
    func rows(_ sql: String, _ binds: [SQLiteData] = []) throws -> [SQLiteRow] {
        try wait(connection.query(sql, binds))
    }

    /// Runs one statement whose rows, if any, are not needed.
    func execute(_ sql: String, _ binds: [SQLiteData] = []) throws {
        try rows(sql, binds)
    }

    /// The first column of the first row, as an integer (for `PRAGMA` and `count(*)`).
    func integer(_ sql: String, _ binds: [SQLiteData] = []) throws -> Int {
        guard let value = try rows(sql, binds).first?.columns.first?.data.integer else {
            throw SQLiteStoreError(.databaseFailure, path: path, detail: "\(sql) gave no integer")
        }
        return Int(value)
    }

    /// Runs `body` in one write transaction: all of it is committed, or none of it.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock at once, so that a transaction that reads first
    /// cannot fail half-way when another process writes.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // A failed COMMIT may have rolled back already; the error of interest is the first.
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Waits for a future of the connection, turning SQLite's errors into ``SQLiteStoreError``.
    func wait<Value: Sendable>(_ future: EventLoopFuture<Value>) throws -> Value {
        // `wait()` on the connection's own event loop would deadlock; SQLiteNIO asserts there.
        guard !connection.eventLoop.inEventLoop else {
            throw SQLiteStoreError(.databaseFailure, path: path, detail: "the store was called on an event loop thread of SwiftNIO's singleton group; call it from a task or another thread")
        }
        do {
            return try future.wait()
        } catch {
            throw SQLiteStoreError(error, path: path)
        }
    }
}
