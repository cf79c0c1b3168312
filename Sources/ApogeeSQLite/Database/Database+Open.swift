import SQLiteNIO

extension Database {
    /// Opens the store file at `path`, creating it if needed, and brings its schema up to date.
    static func open(path: String, configuration: SQLiteStore.Configuration) throws(SQLiteStoreError) -> Database {
        try DatabaseFile.prepare(path)
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection.open(storage: .file(path: path)).wait()
        } catch {
            throw SQLiteStoreError(.unreadable, path: path, detail: "\(error)")
        }
        let database = Database(path: path, connection: connection)
        do {
            try database.withSession { session in
                try configure(session, with: configuration)
                // Only a file found to be a store of a known version is changed, WAL mode included.
                let found = try Schema.check(session)
                try session.execute("PRAGMA journal_mode = WAL")
                if found < Schema.version { try Schema.migrate(session) }
                try Schema.verifyTables(session)
            }
        } catch {
            try? database.close()
            throw SQLiteStoreError(error, path: path)
        }
        return database
    }

    /// Sets the connection's own pragmas, which change nothing in the file.
    private static func configure(_ session: DatabaseSession, with configuration: SQLiteStore.Configuration) throws {
        let milliseconds = configuration.busyTimeout.wholeMilliseconds
        // Replaces SQLiteNIO's busy handler, which retries forever without sleeping.
        try session.execute("PRAGMA busy_timeout = \(max(0, min(milliseconds, Int64(Int32.max))))")
        switch configuration.synchronous {
        case .normal: try session.execute("PRAGMA synchronous = NORMAL")
        case .full: try session.execute("PRAGMA synchronous = FULL")
        }
        if configuration.checksIntegrity {
            let result = try session.rows("PRAGMA quick_check").first?.columns.first?.data.string
            guard result == "ok" else {
                throw SQLiteStoreError(.corrupt, path: session.path, detail: "quick_check: \(result ?? "no answer")")
            }
        }
    }
}
