import SQLiteNIO

/// The connection while ``Database`` is locked for one caller: statements run one after the
/// other, so several make a transaction.
struct DatabaseSession {
    let connection: DatabaseConnection
    var path: String { connection.path }

    /// Runs one statement and returns its rows.
    @discardableResult
    func rows(_ sql: String, _ binds: [SQLiteData] = []) throws(SQLiteStoreError) -> [DatabaseRow] {
        try connection.rows(sql, binds)
    }

    /// Runs one statement whose rows, if any, are not needed.
    func execute(_ sql: String, _ binds: [SQLiteData] = []) throws(SQLiteStoreError) {
        try rows(sql, binds)
    }

    /// Runs one statement that returns no rows once for each of `rows`, binding each row's
    /// values with `bind`.
    func executeEach<Row>(_ sql: String, for rows: [Row], bind: (Row, inout StatementBinder) -> Void) throws(SQLiteStoreError) {
        try connection.executeEach(sql, for: rows, bind: bind)
    }

    /// The first column of the first row, as an integer (for `PRAGMA` and `count(*)`).
    func integer(_ sql: String, _ binds: [SQLiteData] = []) throws(SQLiteStoreError) -> Int {
        guard let value = try rows(sql, binds).first?.values.first?.integer else {
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
}
