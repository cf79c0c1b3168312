/// A request body with files, laid out as the GraphQL multipart request specification asks:
/// the `operations` and `map` fields, then one part per file, read from disk as it is sent.
///
/// Made by ``GraphQLRequestBody/multipartBody(uploadProgress:boundary:)``; a transport sends
/// ``body`` with ``contentType`` as the request's `Content-Type`.
public struct MultipartRequestBody: Sendable {
    /// The `Content-Type` of the body, `multipart/form-data` with its boundary.
    public let contentType: String
    /// The bytes: framing and fields in memory, files streamed from disk each time the body
    /// is opened, so its size is known before anything is read.
    public let body: HTTPBody
}

extension GraphQLRequestBody {
    /// The body as a multipart request with its files: how a body that
    /// ``containsUploads`` travels.
    ///
    /// Every file is opened and examined here, so that a missing or unreadable one fails
    /// before anything is sent. The body must carry its document (``query``): a server
    /// cannot look up a persisted query and take the files in the same request.
    /// - Parameters:
    ///   - uploadProgress: Told how many bytes have been read, as the body is sent.
    ///   - boundary: The multipart boundary; a random one by default.
    /// - Throws: ``UploadError`` for a file that cannot be sent.
    public func multipartBody(uploadProgress: UploadProgressHandler? = nil, boundary: String? = nil) throws(UploadError) -> MultipartRequestBody {
        let form = try multipartFormData(boundary: boundary ?? MultipartFormData.randomBoundary())
        let segments = form.segments
        let body = HTTPBody.streamed(count: form.count, progress: uploadProgress) {
            MultipartBodyStream(segments: segments)
        }
        return MultipartRequestBody(contentType: form.contentType, body: body)
    }
}
