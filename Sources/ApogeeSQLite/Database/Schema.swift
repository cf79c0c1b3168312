/// The tables of a store file, built up by numbered migrations.
///
/// The file's schema version is `PRAGMA user_version`: the number of migrations applied. A
/// new version of Apogee appends migrations and never edits old ones, so any older file can
/// be brought up to date, and a file with a higher number than ``version`` comes from a newer
/// Apogee and is refused rather than misread.
enum Schema {
    /// `PRAGMA application_id` of a store file ("APOG"), which tells it from other SQLite files.
    static let applicationID = 0x4150_4F47

    /// Every migration, in order; migration `n` takes a file from version `n - 1` to `n`.
    static let migrations: [[String]] = [version1, version2, version3, version4, version5]

    /// The version this code writes and reads.
    static var version: Int { migrations.count }

    /// Records, queued mutations and their outcomes.
    private static let version1 = [
        // `fields` is the record's persisted JSON; `written` the fields' write times, grouped
        // by time (`[[milliseconds, "field", …], …]`); `used` orders records by last use.
        """
        CREATE TABLE records (
            key TEXT NOT NULL PRIMARY KEY,
            fields TEXT NOT NULL,
            written TEXT NOT NULL,
            size INTEGER NOT NULL,
            used INTEGER NOT NULL
        )
        """,
        // Eviction walks records by last use; the size beside it lets the total be summed from
        // the index alone.
        "CREATE INDEX records_by_use ON records (used, size)",
        // AUTOINCREMENT never reuses a sequence, even once every mutation has left the table,
        // so sequences keep increasing across restarts.
        """
        CREATE TABLE mutations (
            sequence INTEGER PRIMARY KEY AUTOINCREMENT,
            idempotency_key TEXT NOT NULL UNIQUE,
            queue TEXT NOT NULL,
            operation_name TEXT NOT NULL,
            document TEXT NOT NULL,
            variables TEXT NOT NULL,
            optimistic_response TEXT,
            optimistic_changes TEXT,
            enqueued_at REAL NOT NULL,
            attempts INTEGER NOT NULL,
            last_error TEXT
        )
        """,
        """
        CREATE TABLE mutation_outcomes (
            id INTEGER PRIMARY KEY,
            idempotency_key TEXT NOT NULL UNIQUE,
            outcome TEXT NOT NULL
        )
        """,
        // Outcomes are kept so that a caller can learn one after a restart; the newest
        // thousand are plenty for that.
        "CREATE TRIGGER mutation_outcomes_pruned AFTER INSERT ON mutation_outcomes BEGIN DELETE FROM mutation_outcomes WHERE id <= new.id - 1000; END",
    ]

    /// Recording a mutation's outcome takes it out of the queue, in the same statement: a
    /// queued mutation settles with one write instead of a transaction of four.
    private static let version2 = [
        "CREATE TRIGGER mutation_settled AFTER INSERT ON mutation_outcomes BEGIN DELETE FROM mutations WHERE idempotency_key = new.idempotency_key; END",
        "CREATE TRIGGER mutation_settled_again AFTER UPDATE ON mutation_outcomes BEGIN DELETE FROM mutations WHERE idempotency_key = new.idempotency_key; END",
    ]

    /// When fields expire, as `{"field": milliseconds, …}`, for records that have expiry times
    /// (from the schema's `@cacheControl` or the server's `Cache-Control`); `NULL` for the rest.
    private static let version3 = [
        "ALTER TABLE records ADD COLUMN expires TEXT",
    ]

    /// The `written` column may hold `[[time]]`: every field of the record written at `time`,
    /// as most records are, stored without repeating the fields' names, and read without
    /// hashing them again. A version 3 reader would take that for no write time at all, so
    /// the number changes though no table does: an older Apogee refuses the file instead.
    private static let version4: [String] = []

    /// Outcomes are forgotten a hundred at a time, when an outcome's id is a multiple of 100,
    /// instead of one with each outcome recorded: that deletion wrote two more pages into every
    /// settlement's commit, where the queue spends its time, and cost more than the rest of it.
    /// Between 1,000 and 1,099 outcomes are kept.
    private static let version5 = [
        "DROP TRIGGER mutation_outcomes_pruned",
        "CREATE TRIGGER mutation_outcomes_pruned AFTER INSERT ON mutation_outcomes WHEN new.id % 100 = 0 BEGIN DELETE FROM mutation_outcomes WHERE id <= new.id - 1000; END",
    ]

    /// Checks that the file is a store this code can use; returns its version. This is the
    /// first read of the file, so a damaged header fails here.
    static func check(_ session: DatabaseSession) throws -> Int {
        let found = try session.integer("PRAGMA user_version")
        try check(found: found, session: session)
        return found
    }

    /// Brings an older file up to date, in one transaction.
    static func migrate(_ session: DatabaseSession) throws {
        try session.transaction {
            // Another process may have migrated the file since the check.
            let current = try session.integer("PRAGMA user_version")
            try check(found: current, session: session)
            for (offset, statements) in migrations.enumerated().dropFirst(current) {
                for statement in statements {
                    try apply(statement, migratingFrom: current, to: offset + 1, in: session)
                }
            }
            try session.execute("PRAGMA user_version = \(version)")
            try session.execute("PRAGMA application_id = \(applicationID)")
        }
    }

    /// The tables, with their columns, and the triggers that a file of the current version
    /// has. A file that says it is a store of this version but lacks one is damaged.
    static let expectedTables: [String: Set<String>] = [
        "records": ["key", "fields", "written", "size", "used", "expires"],
        "mutations": [
            "sequence", "idempotency_key", "queue", "operation_name", "document", "variables",
            "optimistic_response", "optimistic_changes", "enqueued_at", "attempts", "last_error",
        ],
        "mutation_outcomes": ["id", "idempotency_key", "outcome"],
    ]
    static let expectedTriggers: Set<String> = ["mutation_outcomes_pruned", "mutation_settled", "mutation_settled_again"]

    /// Checks, once the file is up to date, that its tables and triggers are all there: the
    /// version number alone is two bytes of the header, and a damaged or hand-edited file can
    /// carry the right number over the wrong tables. Such a file is corrupt, so that
    /// `.startAfresh` can set it aside, rather than failing at its first read or write.
    static func verifyTables(_ session: DatabaseSession) throws {
        var triggers: Set<String> = []
        var tables: Set<String> = []
        for row in try session.rows("SELECT type, name FROM sqlite_schema") {
            guard let type = row.column("type")?.string, let name = row.column("name")?.string else { continue }
            if type == "trigger" { triggers.insert(name) } else if type == "table" { tables.insert(name) }
        }
        for (table, columns) in expectedTables.sorted(by: { $0.key < $1.key }) {
            guard tables.contains(table) else {
                throw SQLiteStoreError(.corrupt, path: session.path, detail: "schema version \(version) without its table \(table)")
            }
            let found = Set(try session.rows("PRAGMA table_info(\(table))").compactMap { $0.column("name")?.string })
            if let missing = columns.subtracting(found).sorted().first {
                throw SQLiteStoreError(.corrupt, path: session.path, detail: "schema version \(version) without the column \(table).\(missing)")
            }
        }
        if let missing = expectedTriggers.subtracting(triggers).sorted().first {
            throw SQLiteStoreError(.corrupt, path: session.path, detail: "schema version \(version) without its trigger \(missing)")
        }
    }

    /// Runs one statement of a migration. SQLite refusing it outright (a table that already
    /// exists, a column that does not) means the file's tables are not those of the version
    /// it claims: a damaged header or a hand-edited file. That is damage, which `.startAfresh`
    /// can set aside, not a failure to retry.
    private static func apply(_ statement: String, migratingFrom current: Int, to target: Int, in session: DatabaseSession) throws(SQLiteStoreError) {
        do throws(SQLiteStoreError) {
            try session.execute(statement)
        } catch {
            guard error.isStatementError else { throw error }
            throw SQLiteStoreError(.corrupt, path: session.path, detail: "schema version \(current) whose migration to \(target) failed: \(error.detail)")
        }
    }

    /// Refuses a file of something else or of a newer schema.
    private static func check(found: Int, session: DatabaseSession) throws {
        let application = try session.integer("PRAGMA application_id")
        if application != applicationID {
            // Version 0 with no tables is a new, empty file; anything else is not ours.
            let isEmpty = try found == 0 && application == 0 && session.integer("SELECT count(*) FROM sqlite_schema") == 0
            guard isEmpty else {
                throw SQLiteStoreError(.notAnApogeeStore, path: session.path, detail: "application_id \(application), user_version \(found)")
            }
        }
        // A write version above 2 in the header makes SQLite open the file for reading only,
        // so every write would fail: the file is as unusable as a damaged one.
        if SQLiteStoreError.headerRefusesWrites(session.path) {
            throw SQLiteStoreError(.corrupt, path: session.path, detail: "the header's file format write version is above 2, so SQLite only reads the file")
        }
        // The version is two bytes of the header that anything can overwrite: a negative one
        // is damage, not a version to migrate from.
        if found < 0 {
            throw SQLiteStoreError(.corrupt, path: session.path, detail: "PRAGMA user_version is \(found)")
        }
        if found > version {
            throw SQLiteStoreError(.newerVersion(found: found, supported: version), path: session.path, detail: "PRAGMA user_version is \(found)")
        }
    }
}
