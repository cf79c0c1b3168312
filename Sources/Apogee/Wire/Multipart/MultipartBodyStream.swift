import Foundation

/// Reads a multipart body's segments in order, opening each file only when its turn comes,
/// so memory stays at one read buffer whatever the size of the files.
final class MultipartBodyStream: HTTPBodyStream {
    private let segments: [MultipartFormData.Segment]
    private var index = 0
    /// How far into the current segment the stream is.
    private var offset: Int64 = 0
    private var file: ReadOnlyFile?

    init(segments: [MultipartFormData.Segment]) {
        self.segments = segments
    }

    deinit {
        file?.close()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var written = 0
        // Fill the buffer across segment ends, so the HTTP stack gets full buffers.
        while written < buffer.count, index < segments.count {
            let target = UnsafeMutableRawBufferPointer(rebasing: buffer[written...])
            let count = try read(segments[index], into: target)
            if count == 0 {
                endSegment()
            } else {
                written += count
                offset += Int64(count)
            }
        }
        return written
    }

    func close() {
        file?.close()
        file = nil
        index = segments.count
    }

    /// Reads from one segment; 0 when the segment is done.
    private func read(_ segment: MultipartFormData.Segment, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        switch segment {
        case .bytes(let data):
            let count = min(buffer.count, data.count - Int(offset))
            guard count > 0 else { return 0 }
            let start = data.startIndex + Int(offset)
            data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: start..<(start + count))
            return count
        case .file(let url, let length, let variablePath):
            let remaining = length - offset
            guard remaining > 0 else { return 0 }
            let open = try openFile(url, variablePath: variablePath)
            let limit = Int(min(Int64(buffer.count), remaining))
            let count: Int
            do {
                count = try open.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<limit]))
            } catch {
                throw UploadError.fileNotReadable(url, variablePath: variablePath, reason: error.message)
            }
            // A file may grow while it is sent; only the size announced in the progress total
            // goes out, but a file that shrank cannot fill its part.
            guard count > 0 else { throw UploadError.fileChanged(url, expectedBytes: length, actualBytes: offset) }
            return count
        }
    }

    private func openFile(_ url: URL, variablePath: String) throws -> ReadOnlyFile {
        if let file { return file }
        do {
            let opened = try ReadOnlyFile(url: url)
            file = opened
            return opened
        } catch {
            throw UploadError.fileNotReadable(url, variablePath: variablePath, reason: error.message)
        }
    }

    private func endSegment() {
        file?.close()
        file = nil
        index += 1
        offset = 0
    }
}
