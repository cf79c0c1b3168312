import Foundation

/// The bytes of an HTTP request body: held in memory, or streamed.
///
/// A streamed body (a multipart upload read from disk as it is sent) is never held whole in
/// memory: a transport asks for a fresh ``HTTPBodyStream`` with ``makeStream()`` and reads it
/// piece by piece. Transports that only handle bytes in memory read ``data``, which is `nil`
/// for a streamed body.
public struct HTTPBody: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case bytes(Data)
        case streamed(StreamedHTTPBody)
    }

    let storage: Storage

    /// A body held in memory.
    public static func bytes(_ bytes: some Sequence<UInt8>) -> HTTPBody {
        HTTPBody(storage: .bytes(Data(bytes)))
    }

    /// A body read from a stream while it is sent.
    /// - Parameters:
    ///   - count: The number of bytes the stream gives, when known.
    ///   - progress: Told how many bytes have been sent; streams from ``makeStream()`` report
    ///     as they are read.
    ///   - makeStream: Opens the body from its start. A transport calls it once per attempt;
    ///     it may throw (a file that went away) before any byte is sent.
    public static func streamed(
        count: Int64?,
        progress: UploadProgressHandler? = nil,
        makeStream: @escaping @Sendable () throws -> any HTTPBodyStream
    ) -> HTTPBody {
        HTTPBody(storage: .streamed(StreamedHTTPBody(count: count, progress: progress, makeStream: makeStream)))
    }

    /// No body.
    public static let empty = HTTPBody(storage: .bytes(Data()))

    /// The number of bytes, when known before sending.
    public var count: Int? {
        switch storage {
        case .bytes(let data): data.count
        case .streamed(let body): body.count.map { Int($0) }
        }
    }

    /// The bytes, when the body is held in memory; `nil` for a streamed body.
    public var data: Data? {
        switch storage {
        case .bytes(let data): data
        case .streamed: nil
        }
    }

    /// Whether the body is read from a stream rather than held in memory.
    public var isStreamed: Bool {
        if case .streamed = storage { return true }
        return false
    }

    /// A stream of the body from its start; each call gives a new one, so a body can be sent
    /// again (after a redirect or for a retry). It reports progress as it is read.
    /// - Throws: What opening the body's source throws, such as ``UploadError``.
    public func makeStream() throws -> any HTTPBodyStream {
        try makeStream(reportingProgress: true)
    }

    /// A stream of the body; without progress reports for a transport that reports the bytes
    /// it sends itself (rather than the bytes it reads).
    func makeStream(reportingProgress: Bool) throws -> any HTTPBodyStream {
        switch storage {
        case .bytes(let data):
            return DataBodyStream(data)
        case .streamed(let body):
            let stream = try body.makeStream()
            guard reportingProgress, let progress = body.progress else { return stream }
            return ProgressReportingStream(stream, total: body.count, progress: progress)
        }
    }

    /// The progress handler of a streamed body.
    var progress: UploadProgressHandler? {
        switch storage {
        case .bytes: nil
        case .streamed(let body): body.progress
        }
    }
}

/// A streamed body's source. Compared by identity: two streamed bodies are the same body only
/// when they are the same value, since their bytes are not at hand to compare.
final class StreamedHTTPBody: Sendable, Hashable {
    let count: Int64?
    let progress: UploadProgressHandler?
    let makeStream: @Sendable () throws -> any HTTPBodyStream

    init(count: Int64?, progress: UploadProgressHandler?, makeStream: @escaping @Sendable () throws -> any HTTPBodyStream) {
        self.count = count
        self.progress = progress
        self.makeStream = makeStream
    }

    static func == (lhs: StreamedHTTPBody, rhs: StreamedHTTPBody) -> Bool {
        lhs === rhs
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
