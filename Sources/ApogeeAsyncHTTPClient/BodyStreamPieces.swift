import Apogee
import NIOCore
import NIOPosix

/// A streamed request body as the byte buffers AsyncHTTPClient sends, read from the body's
/// `HTTPBodyStream` on NIO's thread pool: the reads are blocking file reads, which must not
/// hold up the cooperative threads. AsyncHTTPClient asks for the next piece only when the
/// connection can take it, so a body from disk is never held in memory.
///
/// `@unchecked`: the stream is read by one iteration, one piece at a time.
struct BodyStreamPieces: AsyncSequence, @unchecked Sendable {
    typealias Element = ByteBuffer

    /// The size of each read.
    static let pieceSize = 64 * 1024

    private let stream: any HTTPBodyStream

    init(_ stream: any HTTPBodyStream) {
        self.stream = stream
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(stream: stream)
    }

    struct Iterator: AsyncIteratorProtocol {
        fileprivate let stream: any HTTPBodyStream

        mutating func next() async throws -> ByteBuffer? {
            let source = UncheckedStream(stream)
            return try await NIOThreadPool.singleton.runIfActive { () throws -> ByteBuffer? in
                var buffer = ByteBufferAllocator().buffer(capacity: BodyStreamPieces.pieceSize)
                let count = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: BodyStreamPieces.pieceSize) { bytes in
                    try source.stream.read(into: bytes)
                }
                if count == 0 { source.stream.close() }
                return count == 0 ? nil : buffer
            }
        }
    }
}

/// The stream handed to the thread pool for one read; see ``BodyStreamPieces``.
private struct UncheckedStream: @unchecked Sendable {
    let stream: any HTTPBodyStream

    init(_ stream: any HTTPBodyStream) {
        self.stream = stream
    }
}
