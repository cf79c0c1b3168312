/// How much of an upload's body has been handed to the HTTP stack.
///
/// Counted as the transport reads the body, so it runs a little ahead of the bytes the server
/// has received (by the socket's buffers), and reaches ``totalBytes`` when the last byte is read.
/// A retry starts again from zero.
public struct UploadProgress: Sendable, Hashable {
    /// Bytes of the request body read so far: the multipart framing and the files.
    public var bytesSent: Int64
    /// The size of the whole request body.
    public var totalBytes: Int64

    /// Creates a progress report.
    public init(bytesSent: Int64, totalBytes: Int64) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// The share sent, from 0 to 1 (1 for an empty body).
    public var fractionCompleted: Double {
        totalBytes > 0 ? Double(bytesSent) / Double(totalBytes) : 1
    }

    /// Whether every byte has been sent.
    public var isComplete: Bool {
        bytesSent >= totalBytes
    }
}

/// Receives progress reports, from the thread that reads the body. It must return quickly:
/// the upload waits while it runs.
public typealias UploadProgressHandler = @Sendable (UploadProgress) -> Void

/// The context key of the progress handler, for interceptors that report progress themselves.
enum UploadProgressKey: RequestContextKey {
    /// No handler.
    static let defaultValue: UploadProgressHandler? = nil
}

extension RequestContext {
    /// Called as the body of an upload is sent; ignored for requests without files.
    public var uploadProgress: UploadProgressHandler? {
        get { self[UploadProgressKey.self] }
        set { self[UploadProgressKey.self] = newValue }
    }
}
