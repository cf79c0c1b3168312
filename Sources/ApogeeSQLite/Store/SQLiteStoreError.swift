import SQLiteNIO

/// Why a store file cannot be opened or used, with the file's path and what to do about it.
///
/// An unusable file (``isUnusableFile``) can be moved aside at open with
/// ``SQLiteStore/Configuration/UnusableFilePolicy/startAfresh``.
///
/// ## Topics
/// ### Reading the error
/// - ``kind``
/// - ``path``
/// - ``detail``
/// - ``isUnusableFile``
public struct SQLiteStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The path cannot be opened or read as a file: it is a directory, its folder does not
        /// exist, or the process may not read or write it.
        case unreadable
        /// The file is not an SQLite database, or it is damaged.
        case corrupt
        /// The file was written by a newer version of Apogee, whose schema this one does not know.
        case newerVersion(found: Int, supported: Int)
        /// The file is an SQLite database of something else.
        case notAnApogeeStore
        /// A stored row cannot be read back: damaged, or edited by something else.
        case undecodableRow
        /// The store was closed.
        case closed
        /// Any other failure of SQLite: disk full, an I/O error, the file locked for too long.
        case databaseFailure
    }

    /// What went wrong.
    public var kind: Kind
    /// The store file.
    public var path: String
    /// What SQLite or the store said, for logs.
    public var detail: String

    /// Makes an error.
    public init(_ kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    /// Whether the file itself is the problem, so that starting afresh with a new file helps.
    public var isUnusableFile: Bool {
        switch kind {
        case .unreadable, .corrupt, .newerVersion, .notAnApogeeStore: true
        case .undecodableRow, .closed, .databaseFailure: false
        }
    }

    /// What happened, to which file, and what to do.
    public var description: String {
        "SQLite store at \(path): \(summary) (\(detail)). \(advice)"
    }

    private var summary: String {
        switch kind {
        case .unreadable: "the file cannot be opened"
        case .corrupt: "the file is not an SQLite database or is damaged"
        case .newerVersion(let found, let supported):
            "the file has schema version \(found), written by a newer version of Apogee; this one knows versions up to \(supported)"
        case .notAnApogeeStore: "the file is an SQLite database of something else"
        case .undecodableRow: "a stored row cannot be read"
        case .closed: "the store is closed"
        case .databaseFailure: "SQLite failed"
        }
    }

    private var advice: String {
        let startAfresh = "or open it with `ifUnusable: .startAfresh` to keep the file aside as \(path).unusable-<time> and start an empty store"
        return switch kind {
        case .unreadable: "Check that the path names a file in an existing folder that this process may read and write, \(startAfresh)."
        case .corrupt: "Restore it from a copy, \(startAfresh)."
        case .newerVersion: "Update the app, \(startAfresh)."
        case .notAnApogeeStore: "Choose another path, \(startAfresh)."
        case .undecodableRow: "Remove the record or mutation, or clear the store."
        case .closed: "Open the store again."
        case .databaseFailure: "Check the disk and that no other process holds the file locked."
        }
    }
}

extension SQLiteStoreError {
    /// Wraps an error of SQLiteNIO, sorting SQLite's result codes into kinds.
    init(_ error: any Error, path: String) {
        if let error = error as? SQLiteStoreError {
            self = error
            return
        }
        guard let sqliteError = error as? SQLiteError else {
            self.init(.databaseFailure, path: path, detail: "\(error)")
            return
        }
        let kind: Kind = switch sqliteError.reason {
        case .notADatabase, .corrupt: .corrupt
        // A header that claims a schema format SQLite does not know comes as a plain error;
        // the file is as unreadable as a corrupt one.
        case .error where sqliteError.message.contains("unsupported file format"): .corrupt
        case .cantOpen, .permission, .readOnly, .auth: .unreadable
        default: .databaseFailure
        }
        self.init(kind, path: path, detail: sqliteError.message)
    }
}
