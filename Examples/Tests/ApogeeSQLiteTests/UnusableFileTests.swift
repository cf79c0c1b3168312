@testable import ApogeeAPI
@testable import ApogeeSQLite
import Foundation
import SQLiteNIO
import TestSupport
import Testing

@Suite("Unusable files: a clear error, or a fresh start with the old file kept aside")
struct UnusableFileTests {
    /// A store with one record, closed, and then its header overwritten, as a bad disk or
    /// another program might.
    static func makeCorruptFile(at path: String) throws {
        let file = try SQLiteStore(path: path)
        try file.makeNormalizedStore().writeLaunch("1")
        try file.close()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(repeating: 0x2A, count: 100))
        try handle.close()
    }

    @Test("a corrupt file fails with an error that names the file and what to do")
    func corruptFails() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try Self.makeCorruptFile(at: path)
            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .corrupt)
            #expect(error.isUnusableFile)
            #expect(error.description.contains(path))
            #expect(error.description.contains(".startAfresh"))
            // Failing leaves the file as it was.
            #expect(try folder.contents() == ["store.sqlite"])
        }
    }

    @Test("startAfresh keeps a corrupt file aside with its -wal and opens an empty store")
    func corruptStartsAfresh() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try Self.makeCorruptFile(at: path)
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            try Data("a write-ahead log".utf8).write(to: URL(fileURLWithPath: path + "-wal"))

            // A failed open leaves both files alone.
            #expect(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(try folder.contents() == ["store.sqlite", "store.sqlite-wal"])

            let file = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            let aside = try #require(file.setAsidePath)
            #expect(aside.hasPrefix(path + ".unusable-"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == original)
            #expect(FileManager.default.fileExists(atPath: aside + "-wal"))
            #expect(try file.recordSource.count() == 0)
            try file.makeNormalizedStore().writeLaunch("2")
            #expect(try file.recordSource.count() == 4)
        }
    }

    @Test("startAfresh also covers damage the schema check does not read: a broken page of the records (found by FuzzSQLiteFile)")
    func damagedRecordPagesStartAfresh() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            let file = try SQLiteStore(path: path)
            try file.makeNormalizedStore().writeLaunch("1")
            try file.close()
            // The page-type byte of every page after the first, where the schema lives: the
            // file opens and its schema checks out, but its tables cannot be read.
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for page in stride(from: 4096, to: bytes.count, by: 4096) { bytes[page] = 0 }
            try bytes.write(to: URL(fileURLWithPath: path))

            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .corrupt, "\(error)")
            let afresh = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            #expect(afresh.setAsidePath != nil)
            #expect(try afresh.recordSource.count() == 0)
            try afresh.close()
        }
    }

    @Test("a header with a schema format SQLite does not know is a corrupt file, which startAfresh sets aside (found by FuzzSQLiteFile)")
    func unsupportedFileFormat() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try SQLiteStore(path: path).close()
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes[47] = 5  // the schema format number, 1 to 4, big-endian at offset 44
            try bytes.write(to: URL(fileURLWithPath: path))

            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .corrupt, "\(error)")
            let afresh = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            #expect(afresh.setAsidePath != nil)
            try afresh.close()
        }
    }

    @Test("a header whose write version SQLite does not know is a corrupt file, which startAfresh sets aside (found by FuzzSQLiteFile)")
    func unknownWriteVersion() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try SQLiteStore(path: path).close()
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes[18] = 16  // the file format write version, 1 or 2; above 2 SQLite only reads
            try bytes.write(to: URL(fileURLWithPath: path))

            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .corrupt, "\(error)")
            let afresh = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            #expect(afresh.setAsidePath != nil)
            try afresh.makeNormalizedStore().writeLaunch("1")
            try afresh.close()
        }
    }

    @Test("the fuzzer's file with an unknown write version opens afresh (Fuzz/Corpus/FuzzSQLiteFile/unknown-write-version.sqlite)")
    func fuzzerFileWithUnknownWriteVersion() async throws {
        let corpus = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzSQLiteFile/unknown-write-version.sqlite")
        let bytes = try Data(contentsOf: corpus)
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try bytes.write(to: URL(fileURLWithPath: path))
            let afresh = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            #expect(afresh.setAsidePath != nil)
            try afresh.makeNormalizedStore().writeLaunch("1")
            try afresh.close()
        }
    }

    @Test(
        "a file whose version number is current but which lacks a table, a column or a trigger is corrupt, and startAfresh sets it aside (found by FuzzSQLiteFile)",
        arguments: [
            "DROP TABLE mutation_outcomes",
            "ALTER TABLE records DROP COLUMN expires",
            "DROP TRIGGER mutation_settled",
        ]
    )
    func missingSchemaObject(damage: String) async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try folder.withStoreFile { file in try file.makeNormalizedStore().writeLaunch("1") }
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query(damage, [])
            try await connection.close()

            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .corrupt, "\(error)")
            #expect(error.detail.contains("schema version 5 without"), "\(error)")
            let afresh = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            #expect(afresh.setAsidePath != nil)
            try afresh.makeNormalizedStore().writeLaunch("2")
            #expect(try afresh.recordSource.count() == 4)
            try afresh.close()
        }
    }

    @Test("a negative version number in the header is damage: a corrupt file, which startAfresh sets aside (found by FuzzSQLiteFile)")
    func negativeVersion() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try folder.withStoreFile { file in
                try file.sql("PRAGMA user_version = -2")
            }
            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .corrupt, "\(error)")
            #expect(error.detail.contains("user_version is -2"), "\(error)")

            let file = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            #expect(file.setAsidePath != nil)
            #expect(try file.integer("PRAGMA user_version") == 5)
        }
    }

    @Test(
        "a file whose version number is older than its tables is corrupt, not a failed migration, and startAfresh sets it aside (found by FuzzSQLiteFile)",
        arguments: [0, 1, 2]
    )
    func versionOlderThanTables(claimed: Int) async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try folder.withStoreFile { file in
                try file.makeNormalizedStore().writeLaunch("1")
                try file.sql("PRAGMA user_version = \(claimed)")
            }
            // Migrating from the claimed version meets tables, triggers or columns that
            // are already there.
            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .corrupt, "\(error)")
            #expect(error.detail.contains("schema version \(claimed) whose migration to \(claimed + 1) failed"), "\(error)")
            #expect(error.detail.contains("already exists") || error.detail.contains("duplicate column"), "\(error)")

            let afresh = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            #expect(afresh.setAsidePath != nil)
            #expect(try afresh.integer("PRAGMA user_version") == 5)
            try afresh.makeNormalizedStore().writeLaunch("2")
            #expect(try afresh.recordSource.count() == 4)
            try afresh.close()
        }
    }

    @Test("a file of a newer schema version is refused, and startAfresh sets it aside")
    func newerVersion() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try folder.withStoreFile { file in
                try file.sql("PRAGMA user_version = 99")
            }
            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .newerVersion(found: 99, supported: 5))
            #expect(error.description.contains("schema version 99"))

            let file = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            #expect(file.setAsidePath != nil)
            #expect(try file.integer("PRAGMA user_version") == 5)
        }
    }

    @Test("an SQLite database of something else is not taken over")
    func foreignDatabase() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("CREATE TABLE notes (body TEXT)", [])
            try await connection.close()

            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .notAnApogeeStore)

            // The file is left as it was, not even switched to WAL.
            let again = try await SQLiteConnection.open(storage: .file(path: path))
            let mode = try await again.query("PRAGMA journal_mode", []).first?.columns.first?.data.string
            let tables = try await again.query("SELECT name FROM sqlite_schema", []).compactMap { $0.column("name")?.string }
            try await again.close()
            #expect(mode == "delete")
            #expect(tables == ["notes"])
        }
    }

    // Tests run as root here, which reads any file whatever its mode, so "unreadable" is made
    // with paths that no user can open as a file.
    @Test("a directory at the path is unreadable; startAfresh moves it aside")
    func directoryAtPath() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .unreadable)
            #expect(error.description.contains("directory"))

            let file = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: try #require(file.setAsidePath), isDirectory: &isDirectory))
            #expect(isDirectory.boolValue)
            #expect(try file.recordSource.count() == 0)
        }
    }

    @Test("a path under a regular file is unreadable, and starting afresh cannot help")
    func pathUnderAFile() async throws {
        try await TemporaryFolder.with { folder in
            try Data("plain".utf8).write(to: URL(fileURLWithPath: folder.file("plain")))
            let path = folder.file("plain") + "/store.sqlite"
            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: path) }
            #expect(error.kind == .unreadable)
            let again = try #require(throws: SQLiteStoreError.self) {
                try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
            }
            #expect(again.kind == .unreadable)
            #expect(try folder.contents() == ["plain"])
        }
    }

    @Test("a folder that does not exist is unreadable")
    func missingFolder() async throws {
        try await TemporaryFolder.with { folder in
            let error = try #require(throws: SQLiteStoreError.self) { try SQLiteStore(path: folder.file("missing/store.sqlite")) }
            #expect(error.kind == .unreadable)
        }
    }

    @Test("damage found by the integrity check at open is corrupt")
    func integrityCheck() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            try folder.withStoreFile { file in
                let store = file.makeNormalizedStore()
                for id in 1...50 { try store.writeLaunch(String(id)) }
            }
            // Scribble over the pages after the header: the file still opens, its content is damaged.
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            try handle.seek(toOffset: 4_096)
            try handle.write(contentsOf: Data(repeating: 0xFF, count: 8_192))
            try handle.close()

            let error = try #require(throws: SQLiteStoreError.self) {
                try SQLiteStore(path: path, configuration: .init(checksIntegrity: true))
            }
            #expect(error.kind == .corrupt)
            let file = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh, checksIntegrity: true))
            #expect(file.setAsidePath != nil)
            #expect(try file.recordSource.count() == 0)
        }
    }
}
