import Foundation

/// Why a file upload could not be sent.
///
/// Everything but ``fileChanged(_:expectedBytes:actualBytes:)`` is found before any byte goes
/// to the server: the client checks every file of an operation before it opens the connection.
public enum UploadError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// No file exists at the URL. The path names the variable (`variables.files.1`).
    case fileNotFound(URL, variablePath: String)
    /// Something exists at the URL but it is not a regular file (a directory, a socket).
    case notARegularFile(URL, variablePath: String)
    /// The file exists but cannot be opened for reading; the reason is the system's.
    case fileNotReadable(URL, variablePath: String, reason: String)
    /// The URL is not a `file:` URL; uploads read local files only.
    case notAFileURL(URL, variablePath: String)
    /// The MIME type or file name cannot be written in a multipart header (it has a line break).
    case invalidPartHeader(String, variablePath: String)
    /// A ``GraphQLFile``'s field name names no variable of the operation.
    case unknownFileField(String, operationName: String)
    /// The file got shorter while it was being sent, so the request was cut short.
    case fileChanged(URL, expectedBytes: Int64, actualBytes: Int64)

    /// What went wrong, with the file and the variable it was meant for.
    public var description: String {
        switch self {
        case .fileNotFound(let url, let path):
            "The file for \(path) does not exist: \(url.path)"
        case .notARegularFile(let url, let path):
            "The file for \(path) is not a regular file: \(url.path)"
        case .fileNotReadable(let url, let path, let reason):
            "The file for \(path) cannot be read (\(reason)): \(url.path)"
        case .notAFileURL(let url, let path):
            "The upload for \(path) must be a file: URL, not \(url.absoluteString)"
        case .invalidPartHeader(let value, let path):
            "The upload for \(path) has a file name or MIME type with a line break: \(value.debugDescription)"
        case .unknownFileField(let name, let operation):
            "The file field '\(name)' names no variable of \(operation)"
        case .fileChanged(let url, let expected, let actual):
            "The file changed while it was uploaded (\(expected) bytes expected, \(actual) read): \(url.path)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
