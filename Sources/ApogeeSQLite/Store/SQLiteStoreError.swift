import Foundation

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
    /// What went wrong. Compare with its static members (`error.kind == .corrupt`); a `switch`
    /// over it needs a `default`, since kinds may be added.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        /// For ``newerVersion(found:supported:)``: the schema version of the file.
        public let foundVersion: Int?
        /// For ``newerVersion(found:supported:)``: the newest schema version this Apogee knows.
        public let supportedVersion: Int?

        private init(_ name: String, found: Int? = nil, supported: Int? = nil) {
            self.name = name
            foundVersion = found
            supportedVersion = supported
        }

        /// The path cannot be opened or read as a file: it is a directory, its folder does not
        /// exist, or the process may not read or write it.
        public static let unreadable = Kind("unreadable")
        /// The file is not an SQLite database, or it is damaged.
        public static let corrupt = Kind("corrupt")
        /// The file was written by a newer version of Apogee, whose schema this one does not know.
        public static func newerVersion(found: Int, supported: Int) -> Kind {
            Kind("newerVersion", found: found, supported: supported)
        }
        /// The file is an SQLite database of something else.
        public static let notAnApogeeStore = Kind("notAnApogeeStore")
        /// A stored row cannot be read back: damaged, or edited by something else.
        public static let undecodableRow = Kind("undecodableRow")
        /// The store was closed.
        public static let closed = Kind("closed")
        /// Any other failure of SQLite: disk full, an I/O error, the file locked for too long,
        /// a file this process may read but not write.
        public static let databaseFailure = Kind("databaseFailure")

        /// Whether this is ``newerVersion(found:supported:)``, whatever its versions.
        public var isNewerVersion: Bool { name == "newerVersion" }

        /// The kind's name, as its static member spells it.
        public var description: String { name }
    }

    /// What went wrong.
    public var kind: Kind
    /// The store file.
    public var path: String
    /// What SQLite or the store said, for logs.
    public var detail: String
    /// SQLite's result code, for an error that an SQLite call gave; lets the store tell a
    /// statement that does not fit the file's schema (a plain `SQLITE_ERROR`) from a full
    /// disk or a lock.
    var sqliteResultCode: Int32?

    /// Makes an error.
    public init(_ kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    /// Whether the file itself is the problem, so that starting afresh with a new file helps.
    public var isUnusableFile: Bool {
        kind.isNewerVersion || [.unreadable, .corrupt, .notAnApogeeStore].contains(kind)
    }

    /// What happened, to which file, and what to do.
    public var description: String {
        "SQLite store at \(path): \(summary) (\(detail)). \(advice)"
    }

    private var summary: String {
        if kind.isNewerVersion {
            return "the file has schema version \(kind.foundVersion ?? 0), written by a newer version of Apogee; this one knows versions up to \(kind.supportedVersion ?? 0)"
        }
        return switch kind {
        case .unreadable: "the file cannot be opened"
        case .corrupt: "the file is not an SQLite database or is damaged"
        case .notAnApogeeStore: "the file is an SQLite database of something else"
        case .undecodableRow: "a stored row cannot be read"
        case .closed: "the store is closed"
        case .databaseFailure where isReadOnly: "SQLite cannot write to the file"
        default: "SQLite failed"
        }
    }

    private var advice: String {
        let startAfresh = "or open it with `ifUnusable: .startAfresh` to keep the file aside as \(path).unusable-<time> and start an empty store"
        if kind.isNewerVersion { return "Update the app, \(startAfresh)." }
        return switch kind {
        case .unreadable: "Check that the path names a file in an existing folder that this process may read and write, \(startAfresh)."
        case .corrupt: "Restore it from a copy, \(startAfresh)."
        case .notAnApogeeStore: "Choose another path, \(startAfresh)."
        case .undecodableRow: "Remove the record or mutation, or clear the store."
        case .closed: "Open the store again."
        case .databaseFailure where isReadOnly: "Let this process write the file, its folder and its -wal and -shm files, or open the store on a writable path."
        default: "Check the disk and that no other process holds the file locked."
        }
    }
}

extension SQLiteStoreError {
    /// An error of an SQLite call, sorted into a kind by its result code.
    init(sqliteCode code: Int32, message: String, path: String) {
        // Extended result codes carry the primary code in their low byte.
        let kind: Kind = switch code & 0xFF {
        case 11, 26: .corrupt // SQLITE_CORRUPT, SQLITE_NOTADB
        // A header that claims a schema format SQLite does not know comes as a plain error;
        // the file is as unreadable as a corrupt one.
        case 1 where message.contains("unsupported file format"): .corrupt // SQLITE_ERROR
        case 3, 14, 23: .unreadable // SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH
        // SQLITE_READONLY from a header whose write version SQLite does not know: SQLite opens
        // such a file for reading only, so the file itself refuses every write.
        case 8 where Self.headerRefusesWrites(path): .corrupt
        // Any other SQLITE_READONLY comes from a write to a file that opened fine for reading
        // (its permissions, a read-only mount): the file is usable, so setting it aside to
        // start afresh would not help.
        default: .databaseFailure
        }
        self.init(kind, path: path, detail: message)
        sqliteResultCode = code
    }

    /// Whether the SQLite header of the file at `path` has a write version above 2, which
    /// makes SQLite open it for reading only (SQLite's file format, offset 18).
    static func headerRefusesWrites(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: 20), header.count == 20,
            header.prefix(16).elementsEqual("SQLite format 3\u{0}".utf8)
        else { return false }
        return header[header.startIndex + 18] > 2
    }

    /// Whether SQLite refused to write a file it could read (`SQLITE_READONLY`).
    var isReadOnly: Bool {
        sqliteResultCode.map { $0 & 0xFF == 8 } ?? false
    }

    /// Whether SQLite refused the statement itself (`SQLITE_ERROR`: a table that already
    /// exists, a column that does not), rather than the disk or a lock failing.
    var isStatementError: Bool {
        sqliteResultCode.map { $0 & 0xFF == 1 } ?? false
    }

    /// The error as a store error: SQLite's own are one already (``DatabaseConnection``
    /// sorts their result codes), and anything else is a database failure.
    init(_ error: any Error, path: String) {
        if let error = error as? SQLiteStoreError {
            self = error
        } else {
            self.init(.databaseFailure, path: path, detail: "\(error)")
        }
    }
}
