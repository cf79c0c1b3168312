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
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The queue's tables were made by a newer version of Apogee, whose schema this one
        /// does not know.
        case newerSchema(found: Int, supported: Int)
        /// A stored row cannot be read back: edited by something else.
        case undecodableRow
        /// PostgreSQL failed or could not be reached.
        case databaseFailure
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
        switch kind {
        case .newerSchema(let found, let supported):
            "The mutation queue's tables have schema version \(found), made by a newer version of Apogee; this one knows versions up to \(supported) (\(detail)). Update the app."
        case .undecodableRow:
            "A queued mutation's row cannot be read (\(detail))."
        case .databaseFailure:
            "PostgreSQL failed (\(detail)). Check that the server is up and that the queue's tables were made by migrate()."
        }
    }
}
#endif
