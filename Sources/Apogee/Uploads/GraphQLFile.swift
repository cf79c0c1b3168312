import ApogeeAPI
import Foundation

/// A file for ``ApogeeClient/upload(mutation:files:context:)``, in the form of
/// Apollo iOS's `GraphQLFile`: the variable it goes to is named by ``fieldName``.
///
/// ```swift
/// guard let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", fileURL: fileURL) else { return }
/// let result = try await client.upload(mutation: UploadFileMutation(file: file.upload), files: [file])
/// ```
///
/// Apogee's generated operations take `Upload` values anywhere in their variables, so
/// `perform(mutation:)` sends files without this type; it is here for code written against
/// Apollo iOS.
public struct GraphQLFile: Sendable, Hashable {
    /// The MIME type used when none is given.
    public static let octetStreamMimeType = Upload.defaultMIMEType

    /// The top-level variable the file is for. Several files with the same field name fill a
    /// list variable, in order.
    public let fieldName: String
    /// The file name the server sees.
    public let originalName: String
    /// The MIME type of the file part.
    public let mimeType: String
    /// The file on disk, when the file is one.
    public let fileURL: URL?
    /// The bytes, when the file is in memory.
    public let data: Data?

    /// A file on disk; `nil` when there is no readable file at the URL, as Apollo iOS's
    /// initializer does. The bytes are read while the request is sent, never all at once.
    public init?(fieldName: String, originalName: String, mimeType: String = GraphQLFile.octetStreamMimeType, fileURL: URL) {
        guard fileURL.isFileURL, FileManager.default.isReadableFile(atPath: fileURL.path) else { return nil }
        self.fieldName = fieldName
        self.originalName = originalName
        self.mimeType = mimeType
        self.fileURL = fileURL
        self.data = nil
    }

    /// Bytes in memory.
    public init(fieldName: String, originalName: String, mimeType: String = GraphQLFile.octetStreamMimeType, data: Data) {
        self.fieldName = fieldName
        self.originalName = originalName
        self.mimeType = mimeType
        self.fileURL = nil
        self.data = data
    }

    /// The file as an `Upload` value, for an operation's initializer.
    public var upload: Upload {
        if let fileURL {
            return Upload(fileURL: fileURL, fileName: originalName, mimeType: mimeType)
        }
        return Upload(data: data ?? Data(), fileName: originalName, mimeType: mimeType)
    }
}
