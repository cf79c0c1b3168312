#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file to send with a mutation, as the GraphQL multipart request spec describes.
///
/// An `Upload` can stand anywhere in the variables: as a variable, in a list, or inside a
/// nested input object. The client finds every upload and sends each file once, streaming
/// files from disk rather than reading them into memory.
public struct Upload: Sendable, Hashable, InputValueConvertible {
    /// Where the bytes come from.
    public enum Content: Sendable, Hashable {
        /// A file on disk, read while the request is sent.
        case file(URL)
        /// Bytes in memory.
        case data(Data)
    }

    /// The bytes to send.
    public var content: Content
    /// The file name the server sees.
    public var fileName: String
    /// The MIME type of the file part.
    public var mimeType: String

    /// The MIME type used when none is given.
    public static let defaultMIMEType = "application/octet-stream"

    /// An upload of a file on disk; the file name defaults to the URL's last path component.
    public init(fileURL: URL, fileName: String? = nil, mimeType: String = Upload.defaultMIMEType) {
        self.content = .file(fileURL)
        self.fileName = fileName ?? fileURL.lastPathComponent
        self.mimeType = mimeType
    }

    /// An upload of bytes in memory.
    public init(data: Data, fileName: String, mimeType: String = Upload.defaultMIMEType) {
        self.content = .data(data)
        self.fileName = fileName
        self.mimeType = mimeType
    }

    public var inputValue: InputValue { .upload(self) }
}

/// An `Upload` variable can be read back from a response as the `null` it is sent as;
/// servers never return uploads, so decoding one is always an error.
extension Upload: ResponseDecodable, ResponseEncodable {
    public init(responseValue: JSONValue) throws {
        throw ResponseDecodingError.typeMismatch(expected: "no value (uploads are never returned)", found: responseValue)
    }

    public var responseValue: JSONValue { .null }
}
