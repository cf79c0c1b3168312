import Foundation

/// Why a file upload could not be sent.
///
/// Everything but ``Code/fileChanged`` is found before any byte goes to the server: the client
/// checks every file of an operation before it opens the connection. A struct with codes, not
/// an enum, so that a new kind of failure can be added without breaking code that handles the
/// ones it knows.
public struct UploadError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The kind of failure. Compare with its static members (`error.code == .fileNotFound`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// No file exists at the URL.
        public static let fileNotFound = Code("fileNotFound")
        /// Something exists at the URL but it is not a regular file (a directory, a socket).
        public static let notARegularFile = Code("notARegularFile")
        /// The file exists but cannot be opened for reading; ``UploadError/reason`` is the
        /// system's.
        public static let fileNotReadable = Code("fileNotReadable")
        /// The URL is not a `file:` URL; uploads read local files only.
        public static let notAFileURL = Code("notAFileURL")
        /// The MIME type or file name (``UploadError/value``) cannot be written in a multipart
        /// header: it has a line break.
        public static let invalidPartHeader = Code("invalidPartHeader")
        /// A ``GraphQLFile``'s field name (``UploadError/value``) names no variable of the
        /// operation.
        public static let unknownFileField = Code("unknownFileField")
        /// The file got shorter while it was being sent, so the request was cut short.
        public static let fileChanged = Code("fileChanged")

        /// The code's name, as its static member spells it.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// The file, for every code but ``Code/invalidPartHeader`` and ``Code/unknownFileField``.
    public let url: URL?
    /// The variable the file was meant for (`variables.files.1`).
    public let variablePath: String?
    /// The header value with a line break, or the field name that names no variable.
    public let value: String?
    /// For ``Code/unknownFileField``: the operation.
    public let operationName: String?
    /// For ``Code/fileNotReadable``: the system's reason.
    public let reason: String?
    /// For ``Code/fileChanged``: the bytes the file had, and the bytes read.
    public let expectedBytes: Int64?
    /// For ``Code/fileChanged``: the bytes read.
    public let actualBytes: Int64?

    private init(
        _ code: Code, url: URL? = nil, variablePath: String? = nil, value: String? = nil, operationName: String? = nil,
        reason: String? = nil, expectedBytes: Int64? = nil, actualBytes: Int64? = nil
    ) {
        self.code = code
        self.url = url
        self.variablePath = variablePath
        self.value = value
        self.operationName = operationName
        self.reason = reason
        self.expectedBytes = expectedBytes
        self.actualBytes = actualBytes
    }

    /// No file at `url`, for the variable at `variablePath`.
    public static func fileNotFound(_ url: URL, variablePath: String) -> UploadError {
        UploadError(.fileNotFound, url: url, variablePath: variablePath)
    }

    /// Not a regular file at `url`.
    public static func notARegularFile(_ url: URL, variablePath: String) -> UploadError {
        UploadError(.notARegularFile, url: url, variablePath: variablePath)
    }

    /// A file that cannot be opened, for `reason`.
    public static func fileNotReadable(_ url: URL, variablePath: String, reason: String) -> UploadError {
        UploadError(.fileNotReadable, url: url, variablePath: variablePath, reason: reason)
    }

    /// A URL that is not a `file:` URL.
    public static func notAFileURL(_ url: URL, variablePath: String) -> UploadError {
        UploadError(.notAFileURL, url: url, variablePath: variablePath)
    }

    /// A file name or MIME type with a line break.
    public static func invalidPartHeader(_ value: String, variablePath: String) -> UploadError {
        UploadError(.invalidPartHeader, variablePath: variablePath, value: value)
    }

    /// A file field that names no variable of `operationName`.
    public static func unknownFileField(_ name: String, operationName: String) -> UploadError {
        UploadError(.unknownFileField, value: name, operationName: operationName)
    }

    /// A file that got shorter while it was sent.
    public static func fileChanged(_ url: URL, expectedBytes: Int64, actualBytes: Int64) -> UploadError {
        UploadError(.fileChanged, url: url, expectedBytes: expectedBytes, actualBytes: actualBytes)
    }

    /// What went wrong, with the file and the variable it was meant for.
    public var description: String {
        let path = variablePath ?? ""
        let file = url?.path ?? ""
        return switch code {
        case .fileNotFound: "The file for \(path) does not exist: \(file)"
        case .notARegularFile: "The file for \(path) is not a regular file: \(file)"
        case .fileNotReadable: "The file for \(path) cannot be read (\(reason ?? "")): \(file)"
        case .notAFileURL: "The upload for \(path) must be a file: URL, not \(url?.absoluteString ?? "")"
        case .invalidPartHeader: "The upload for \(path) has a file name or MIME type with a line break: \((value ?? "").debugDescription)"
        case .unknownFileField: "The file field '\(value ?? "")' names no variable of \(operationName ?? "the operation")"
        case .fileChanged: "The file changed while it was uploaded (\(expectedBytes ?? 0) bytes expected, \(actualBytes ?? 0) read): \(file)"
        default: "The upload failed (\(code)): \(file)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
