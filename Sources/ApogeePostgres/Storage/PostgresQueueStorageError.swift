// The outbox needs PostgresNIO, which a package resolves only with the `PostgreSQL` trait on.
#if PostgreSQL
import PostgresNIO

/// Why the PostgreSQL queue storage failed, with what PostgreSQL said.
///
/// ## Topics
/// ### Reading the error
/// - ``kind``
/// - ``detail``
public struct PostgresQueueStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong. Compare with its static members (`error.kind == .databaseFailure`); a
    /// `switch` over it needs a `default`, since kinds may be added.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        /// For ``newerSchema(found:supported:)``: the schema version of the tables.
        public let foundVersion: Int?
        /// For ``newerSchema(found:supported:)``: the newest schema version this Apogee knows.
        public let supportedVersion: Int?

        private init(_ name: String, found: Int? = nil, supported: Int? = nil) {
            self.name = name
            foundVersion = found
            supportedVersion = supported
        }

        /// The queue's tables were made by a newer version of Apogee, whose schema this one
        /// does not know.
        public static func newerSchema(found: Int, supported: Int) -> Kind {
            Kind("newerSchema", found: found, supported: supported)
        }
        /// A stored row cannot be read back: edited by something else.
        public static let undecodableRow = Kind("undecodableRow")
        /// PostgreSQL failed or could not be reached.
        public static let databaseFailure = Kind("databaseFailure")

        /// The kind's name, as its static member spells it.
        public var description: String { name }
    }

    /// What went wrong.
    public var kind: Kind
    /// What PostgreSQL or the storage said, for logs. Never the variables of a mutation.
    public var detail: String

    /// Makes an error.
    public init(_ kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// An error of PostgresNIO, with the server's message and SQLSTATE but not the query's
    /// bound values, which hold the mutations' variables.
    init(_ error: any Error) {
        if let error = error as? PostgresQueueStorageError {
            self = error
        } else if let error = error as? PSQLError {
            let server = error.serverInfo.map { "\($0[.sqlState] ?? "?"): \($0[.message] ?? "")" }
            self.init(.databaseFailure, detail: server ?? "\(error.code)")
        } else if let error = error as? PostgresTransactionError {
            self.init(error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError ?? error)
        } else {
            self.init(.databaseFailure, detail: "\(error)")
        }
    }

    /// What happened and what to do.
    public var description: String {
        if let found = kind.foundVersion {
            return "The mutation queue's tables have schema version \(found), made by a newer version of Apogee; this one knows versions up to \(kind.supportedVersion ?? 0) (\(detail)). Update the app."
        }
        return switch kind {
        case .undecodableRow:
            "A queued mutation's row cannot be read (\(detail))."
        default:
            "PostgreSQL failed (\(detail)). Check that the server is up and that the queue's tables were made by migrate()."
        }
    }
}
#endif
