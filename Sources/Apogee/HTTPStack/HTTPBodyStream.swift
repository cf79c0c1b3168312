import Foundation

/// The bytes of a body, read in order by one transport, one piece at a time.
///
/// Reads are synchronous because the HTTP stacks that pull bodies (libcurl under
/// FoundationNetworking, `InputStream` consumers) call from their own thread and expect an
/// answer at once. A stream is used by one thread at a time and is not shared.
public protocol HTTPBodyStream: AnyObject {
    /// Copies the next bytes into `buffer` and returns how many; 0 means the body has ended.
    /// - Throws: When the source fails (a file that shrank while it was sent, say).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int

    /// Releases what the stream holds open (file descriptors); reading after it gives 0.
    func close()
}

/// A body in memory, read as a stream.
final class DataBodyStream: HTTPBodyStream {
    private let data: Data
    private var offset = 0

    init(_ data: Data) {
        self.data = data
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, data.count - offset)
        guard count > 0 else { return 0 }
        let start = data.startIndex + offset
        data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: start..<(start + count))
        offset += count
        return count
    }

    func close() {
        offset = data.count
    }
}

/// Counts the bytes read from a stream and reports them.
final class ProgressReportingStream: HTTPBodyStream {
    private let base: any HTTPBodyStream
    private let total: Int64?
    private let progress: UploadProgressHandler
    private var sent: Int64 = 0

    init(_ base: any HTTPBodyStream, total: Int64?, progress: @escaping UploadProgressHandler) {
        self.base = base
        self.total = total
        self.progress = progress
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try base.read(into: buffer)
        if count > 0 {
            sent += Int64(count)
            // A body of unknown size reports what it has sent so far as its total.
            progress(UploadProgress(bytesSent: sent, totalBytes: max(total ?? sent, sent)))
        }
        return count
    }

    func close() {
        base.close()
    }
}
