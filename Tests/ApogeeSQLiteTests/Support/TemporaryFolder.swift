import Foundation

/// A folder of its own for one test's store files, removed when the test ends, so tests run in
/// parallel on real files without meeting.
struct TemporaryFolder {
    let path: String

    /// The path of a file in the folder.
    func file(_ name: String = "store.sqlite") -> String {
        path + "/" + name
    }

    /// The names in the folder, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Runs `body` with a new folder and removes it afterwards, whatever `body` does.
    static func with<Result>(_ body: (TemporaryFolder) async throws -> Result) async throws -> Result {
        let path = FileManager.default.temporaryDirectory.path + "/apogee-sqlite-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(TemporaryFolder(path: path))
    }
}
