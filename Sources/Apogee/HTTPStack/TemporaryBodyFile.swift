import ApogeeAPI
import Dispatch
import Foundation

/// A streamed body copied to a temporary file, for HTTP stacks that upload from files only.
struct TemporaryBodyFile: Sendable {
    let url: URL

    /// Copies the body to a new temporary file, one buffer at a time, off the caller's thread:
    /// a large body takes a while to copy and the cooperative pool must not wait on disk.
    /// Cancelling the calling task stops the copy and deletes the file.
    static func write(_ body: HTTPBody) async throws -> TemporaryBodyFile {
        let cancelled = Locked(false)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .utility).async {
                    continuation.resume(with: Result { try copy(body, isCancelled: { cancelled.withLock { $0 } }) })
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }

    private static func copy(_ body: HTTPBody, isCancelled: () -> Bool) throws -> TemporaryBodyFile {
        let stream = try body.makeStream(reportingProgress: false)
        defer { stream.close() }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let file = TemporaryBodyFile(url: url)
        do {
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                if isCancelled() { throw CancellationError() }
                let count = try stream.read(into: buffer)
                if count == 0 { break }
                try handle.write(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
            return file
        } catch {
            file.remove()
            throw error
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
