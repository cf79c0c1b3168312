@testable import ApogeeAPI
@testable import ApogeeSQLite
import Foundation
import TestSupport
import Testing

@Suite("File permissions")
struct FilePermissionTests {
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test("the database and its -wal and -shm are readable and writable by their owner only")
    func ownerOnly() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            let file = try SQLiteStore(path: path)
            try file.makeNormalizedStore().writeLaunch("1")
            // While the store is open and has written, SQLite's companions exist.
            #expect(try folder.contents() == ["store.sqlite", "store.sqlite-shm", "store.sqlite-wal"])
            #expect(try Self.mode(path) == 0o600)
            #expect(try Self.mode(path + "-wal") == 0o600)
            #expect(try Self.mode(path + "-shm") == 0o600)
        }
    }

    @Test("a file made by the user with wider permissions is used as it is")
    func existingFileKeepsItsMode() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
            let file = try SQLiteStore(path: path)
            try file.makeNormalizedStore().writeLaunch("1")
            #expect(try Self.mode(path) == 0o640)
            #expect(try Self.mode(path + "-wal") == 0o640)
        }
    }

    @Test("a file that opened but cannot be written is not called unusable, and the advice is to let the process write it")
    func readOnlyFileIsNotUnusable() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file()
            let file = try SQLiteStore(path: path)
            // What SQLite answers a write to a file this process may read but not write
            // (SQLITE_READONLY). Tests run as root, which writes any file whatever its mode.
            try file.sql("PRAGMA query_only = ON")
            let error = try #require(throws: SQLiteStoreError.self) {
                try file.makeNormalizedStore().writeLaunch("1")
            }
            #expect(error.kind == .databaseFailure)
            #expect(!error.isUnusableFile)
            #expect(error.description.contains("SQLite cannot write to the file"))
            #expect(error.description.contains("Let this process write the file"))
            #expect(!error.description.contains("startAfresh"), "\(error)")
        }
    }
}
