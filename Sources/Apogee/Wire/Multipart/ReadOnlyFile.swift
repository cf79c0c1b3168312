import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for reading with a plain descriptor, so that its bytes go straight into the
/// HTTP stack's buffer: `FileHandle` would allocate a `Data` for every read.
struct ReadOnlyFile {
    /// What the system said when the file could not be opened or examined.
    struct OpenError: Error {
        let code: Int32
        var isMissing: Bool { code == ENOENT || code == ENOTDIR }
        var message: String { String(cString: strerror(code)) }
    }

    let descriptor: Int32
    /// The size when opened.
    let size: Int64
    let isRegularFile: Bool

    /// Opens the file and reads its size and type; the check and the read that follows see the
    /// same file, even if the path is replaced in between.
    init(url: URL) throws(OpenError) {
        let descriptor = url.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            // Non-blocking, so that opening a FIFO by mistake does not wait for a writer.
            return open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        }
        guard descriptor >= 0 else { throw OpenError(code: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = systemClose(descriptor)
            throw OpenError(code: code)
        }
        self.descriptor = descriptor
        self.size = Int64(status.st_size)
        self.isRegularFile = (status.st_mode & S_IFMT) == S_IFREG
        #if os(Linux)
        // The kernel reads ahead further for a file read from start to end.
        _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
        #endif
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(OpenError) -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw OpenError(code: errno) }
        }
    }

    func close() {
        _ = systemClose(descriptor)
    }
}

// The C library's functions under names that the methods above do not shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
