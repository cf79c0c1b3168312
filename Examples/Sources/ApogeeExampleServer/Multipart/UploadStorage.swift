import ApogeeAPI
import Foundation
import NIOConcurrencyHelpers

/// Where one server keeps the files it receives, and the list of them for tests.
final class UploadStorage: Sendable {
    let directory: URL
    private let received = NIOLockedValueBox<[UploadedFile]>([])

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("apogee-example-server-\(UUID().uuidString)", isDirectory: true)
    }

    /// Every file received, in arrival order.
    var all: [UploadedFile] { received.withLockedValue { $0 } }

    func record(_ file: UploadedFile) {
        received.withLockedValue { $0.append(file) }
    }

    /// A new, empty file to write an upload into.
    func makeFile() throws -> (URL, FileHandle) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(UUID().uuidString)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return (url, try FileHandle(forWritingTo: url))
    }

    /// Deletes every stored file; called when the server shuts down.
    func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }
}
