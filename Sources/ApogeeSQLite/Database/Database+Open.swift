extension Database {
    /// Opens the store file at `path`, creating it if needed, and brings its schema up to date.
    static func open(path: String, configuration: SQLiteStore.Configuration) throws(SQLiteStoreError) -> Database {
        try DatabaseFile.prepare(path)
        let connection: DatabaseConnection
        do {
            connection = try DatabaseConnection.open(path: path)
        } catch {
            throw SQLiteStoreError(.unreadable, path: path, detail: error.detail)
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
        try session.execute("PRAGMA busy_timeout = \(max(0, min(milliseconds, Int64(Int32.max))))")
        switch configuration.synchronous {
        case .normal: try session.execute("PRAGMA synchronous = NORMAL")
        case .full: try session.execute("PRAGMA synchronous = FULL")
        }
        if configuration.checksIntegrity {
            let result = try session.rows("PRAGMA quick_check").first?.values.first?.string
            guard result == "ok" else {
                throw SQLiteStoreError(.corrupt, path: session.path, detail: "quick_check: \(result ?? "no answer")")
            }
        }
    }
}
