import Foundation

/// A file the server received in a GraphQL multipart request, for tests to check what arrived.
public struct UploadedFile: Sendable, Hashable {
    /// The form field that carried it (`"0"`, `"1"`, … in the multipart request spec).
    public let fieldName: String
    /// The file name the client gave.
    public let fileName: String
    /// The MIME type the client gave.
    public let mimeType: String
    /// Where the server stored the bytes (a temporary file removed at shutdown).
    public let storedAt: URL
    /// How many bytes arrived.
    public let byteCount: Int
}
