@testable import ApogeeAPI
@testable import ApogeeSQLite
import SQLiteNIO

extension SQLiteStore {
    /// Runs raw SQL on the store's connection, to damage rows or read what the store hides.
    @discardableResult
    func sql(_ statement: String, _ binds: [SQLiteData] = []) throws -> [DatabaseRow] {
        try database.withSession { try $0.rows(statement, binds) }
    }

    /// The first column of the first row of a query, as an integer.
    func integer(_ statement: String) throws -> Int {
        try database.withSession { try $0.integer(statement) }
    }

    /// The size total the record source keeps in memory for its size limit.
    func trackedTotalSize() throws -> Int {
        try recordSource.table.withState { $0.totalSize }
    }

    /// How many statements have read records from the file so far.
    func fileReads() throws -> Int {
        try recordSource.table.withState { $0.fileReads }
    }

    /// How many records the record source holds in memory.
    func recordsInMemory() throws -> Int {
        try recordSource.table.withState { $0.loaded.count }
    }
}
