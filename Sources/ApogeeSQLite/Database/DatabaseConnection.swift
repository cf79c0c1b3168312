import NIOCore
import SQLiteNIO
// SQLiteNIO's bundled SQLite, called directly: see `DatabaseConnection`.
import VaporCSQLite

/// One SQLite connection, called on the caller's own thread.
///
/// The store and the queue are synchronous, and SQLiteNIO's API runs each statement on its
/// thread pool, answers on an event loop, and so wakes three threads per statement, which
/// made a load of 100 records cost twice a raw `SELECT` and every queued mutation a dozen
/// wake-ups. The SQLite library that SQLiteNIO bundles, called here directly, does the same
/// work with none: the caller waited for each statement anyway.
///
/// Statements are prepared once and kept, keyed by their text, so a store's repeated
/// statements (a load of a batch of keys, the queue's updates) are compiled only the first
/// time.
///
/// Not thread-safe by itself: ``Database`` holds it behind its lock, so one caller at a time
/// uses it, which a transaction of several statements needs anyway.
final class DatabaseConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    let path: String
    /// Prepared statements by their text.
    private var statements: [String: OpaquePointer] = [:]
    /// The column names of the kept statements that gave rows, read from SQLite once.
    private var columnNames: [OpaquePointer: DatabaseRow.Columns] = [:]
    /// How many prepared statements are kept at most: the `IN (…)` lists of loads vary in
    /// length, and each length is a statement of its own.
    private static let statementCacheLimit = 64

    /// SQLite's global set-up, once per process before the first connection, as SQLite asks.
    private static let initialized: Int32 = sqlite_nio_sqlite3_initialize()

    private init(handle: OpaquePointer?, path: String) {
        self.handle = handle
        self.path = path
    }

    deinit {
        close()
    }

    /// Opens (or creates) the database file at `path`.
    static func open(path: String) throws(SQLiteStoreError) -> DatabaseConnection {
        guard initialized == SQLITE_OK else {
            throw SQLiteStoreError(.databaseFailure, path: path, detail: "SQLite could not initialize (code \(initialized))")
        }
        var handle: OpaquePointer?
        // NOMUTEX: ``Database``'s lock already makes the connection one thread's at a time, so
        // SQLite's own mutex around every call (bind, step, column) would only cost time.
        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK else {
            let message = handle.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open the file"
            sqlite_nio_sqlite3_close_v2(handle)
            throw SQLiteStoreError(sqliteCode: code, message: message, path: path)
        }
        return DatabaseConnection(handle: handle, path: path)
    }

    /// Finalizes the kept statements and closes the file. Closing twice does nothing.
    func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements.removeAll()
        columnNames.removeAll()
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs one statement and returns its rows.
    func rows(_ sql: String, _ binds: [SQLiteData]) throws(SQLiteStoreError) -> [DatabaseRow] {
        let statement = try prepared(sql)
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        try bind(binds, to: statement)
        let count = sqlite_nio_sqlite3_column_count(statement)
        var rows: [DatabaseRow] = []
        var names: DatabaseRow.Columns?
        while true {
            let code = sqlite_nio_sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(code) }
            // Looked up once per run, at its first row: a statement that gives none needs none.
            let columns = names ?? self.columns(of: statement, count: count)
            names = columns
            var values: [SQLiteData] = []
            values.reserveCapacity(Int(count))
            for offset in 0..<count { values.append(Self.value(of: statement, at: offset)) }
            rows.append(DatabaseRow(columns: columns, values: values))
        }
    }

    /// Runs one statement that returns no rows once for each of `rows`, binding each row's
    /// values with `bind`: a write of many rows prepares and looks up its statement once, and
    /// binds straight from each row, with no list of values made for it.
    func executeEach<Row>(_ sql: String, for rows: [Row], bind: (Row, inout StatementBinder) -> Void) throws(SQLiteStoreError) {
        guard !rows.isEmpty else { return }
        let statement = try prepared(sql)
        defer { sqlite_nio_sqlite3_clear_bindings(statement) }
        let failed: Int32? = rows.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                var binder = StatementBinder(statement: statement)
                bind(rows[index], &binder)
                let code = binder.failure ?? sqlite_nio_sqlite3_step(statement)
                sqlite_nio_sqlite3_reset(statement)
                guard code == SQLITE_DONE else { return code }
            }
            return nil
        }
        if let failed { throw failure(failed) }
    }

    /// The names of a kept statement's columns.
    private func columns(of statement: OpaquePointer, count: Int32) -> DatabaseRow.Columns {
        // A schema change recompiles a statement, and `*` may then name more columns.
        if let columns = columnNames[statement], columns.names.count == count { return columns }
        let columns = DatabaseRow.Columns(statement: statement, count: count)
        columnNames[statement] = columns
        return columns
    }

    /// The statement for `sql`, prepared now or earlier.
    private func prepared(_ sql: String) throws(SQLiteStoreError) -> OpaquePointer {
        guard let handle else { throw SQLiteStoreError(.closed, path: path, detail: "the store was closed") }
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let code = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite_nio_sqlite3_finalize(statement)
            throw failure(code)
        }
        if statements.count >= Self.statementCacheLimit {
            for kept in statements.values { sqlite_nio_sqlite3_finalize(kept) }
            statements.removeAll(keepingCapacity: true)
            columnNames.removeAll(keepingCapacity: true)
        }
        statements[sql] = statement
        return statement
    }

    private func bind(_ binds: [SQLiteData], to statement: OpaquePointer) throws(SQLiteStoreError) {
        var binder = StatementBinder(statement: statement)
        for value in binds { binder.bind(value) }
        if let code = binder.failure { throw failure(code) }
    }

    /// SQLite copies a bound value it is given with this destructor.
    fileprivate static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }

    private static func value(of statement: OpaquePointer, at offset: Int32) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, offset) {
        case SQLITE_INTEGER:
            return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, offset)))
        case SQLITE_FLOAT:
            return .float(sqlite_nio_sqlite3_column_double(statement, offset))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, offset) else { return .null }
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, offset))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, offset))
            guard let bytes = sqlite_nio_sqlite3_column_blob(statement, offset), length > 0 else { return .blob(ByteBuffer()) }
            return .blob(ByteBuffer(bytes: UnsafeRawBufferPointer(start: bytes, count: length)))
        default:
            return .null
        }
    }

    /// The error of a failed call, with SQLite's message for it.
    private func failure(_ code: Int32) -> SQLiteStoreError {
        let message = handle.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "SQLite error \(code)"
        return SQLiteStoreError(sqliteCode: code, message: message, path: path)
    }
}

/// A row a statement gave: its values by column.
struct DatabaseRow {
    /// The names of a statement's columns, shared by all its rows.
    final class Columns: Sendable {
        let names: [String]

        init(statement: OpaquePointer, count: Int32) {
            names = (0..<count).map { offset in
                sqlite_nio_sqlite3_column_name(statement, offset).map { String(cString: $0) } ?? ""
            }
        }
    }

    let columns: Columns
    /// The values, in the order of the statement's columns.
    let values: [SQLiteData]

    /// The value of the column `name`, or `nil` when the statement has no such column.
    func column(_ name: String) -> SQLiteData? {
        guard let offset = columns.names.firstIndex(of: name) else { return nil }
        return values[offset]
    }
}

/// Binds the values of one run of a prepared statement, in the order of its parameters.
struct StatementBinder {
    fileprivate let statement: OpaquePointer
    private var index: Int32 = 0
    /// The code of the first value SQLite refused, which fails the run.
    fileprivate private(set) var failure: Int32?

    fileprivate init(statement: OpaquePointer) {
        self.statement = statement
    }

    /// Binds the next parameter to `text`.
    mutating func bind(_ text: String) {
        index += 1
        let index = index
        var text = text
        // A native string's bytes, given with their length: a zero byte inside is kept.
        note(text.withUTF8 {
            sqlite_nio_sqlite3_bind_text64(statement, index, $0.baseAddress, UInt64($0.count), DatabaseConnection.transient, UInt8(SQLITE_UTF8))
        })
    }

    /// Binds the next parameter to text given as UTF-8 bytes, which SQLite reads where they
    /// are, without a copy: the bytes must stay as they are until the statement has run and
    /// been reset.
    mutating func bindText(borrowing utf8: UnsafeRawBufferPointer) {
        index += 1
        // An empty buffer may have no address, which SQLite would bind as `NULL`.
        let start = utf8.baseAddress ?? UnsafeRawPointer(Self.empty.utf8Start)
        note(sqlite_nio_sqlite3_bind_text64(statement, index, start, UInt64(utf8.count), nil, UInt8(SQLITE_UTF8)))
    }

    /// Binds the next parameter to `NULL`.
    mutating func bindNull() {
        index += 1
        note(sqlite_nio_sqlite3_bind_null(statement, index))
    }

    /// Binds the next parameter to `integer`.
    mutating func bind(_ integer: Int64) {
        index += 1
        note(sqlite_nio_sqlite3_bind_int64(statement, index, integer))
    }

    /// Binds the next parameter to a value of any kind.
    mutating func bind(_ value: SQLiteData) {
        switch value {
        case .integer(let integer): bind(Int64(integer))
        case .text(let text): bind(text)
        case .float(let double):
            index += 1
            note(sqlite_nio_sqlite3_bind_double(statement, index, double))
        case .blob(let buffer):
            index += 1
            let index = index
            note(buffer.withUnsafeReadableBytes {
                sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), DatabaseConnection.transient)
            })
        case .null:
            index += 1
            note(sqlite_nio_sqlite3_bind_null(statement, index))
        }
    }

    private static let empty: StaticString = ""

    private mutating func note(_ code: Int32) {
        if code != SQLITE_OK, failure == nil { failure = code }
    }
}
