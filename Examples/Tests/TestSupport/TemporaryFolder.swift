import Foundation

/// A folder of its own for one test's files, removed when the test is done with it, so tests
/// run in parallel on real files without meeting.
package final class TemporaryFolder: Sendable {
    /// The folder.
    package let url: URL

    /// The folder's path.
    package var path: String { url.path }

    /// Makes a new, empty folder under the system's temporary directory.
    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Runs `body` with a new folder and removes it afterwards, whatever `body` does.
    package static func with<Result>(_ body: (TemporaryFolder) async throws -> Result) async throws -> Result {
        let folder = try TemporaryFolder()
        return try await body(folder)
    }

    /// The path of a file in the folder; a store file's by default.
    package func file(_ name: String = "store.sqlite") -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes a file into the folder and returns its URL.
    package func file(_ name: String, _ bytes: some Sequence<UInt8>) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    /// Writes `count` bytes that are not all alike (so that a byte out of place shows).
    package func patternedFile(_ name: String, count: Int, seed: UInt8 = 0) throws -> URL {
        try file(name, (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) &+ seed })
    }

    /// The names in the folder, sorted.
    package func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
