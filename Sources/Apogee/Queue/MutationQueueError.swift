/// Why a durable mutation queue could not queue, restore or deliver a mutation.
///
/// A struct with codes, not an enum, so that a new kind of failure can be added without
/// breaking code that handles the ones it knows.
public struct MutationQueueError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure. Compare with its static members (`error.code == .cancelled`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// Mutations in storage whose generated types were not given to the queue
        /// (``MutationQueueError/operationNames``), so it cannot send them or write their
        /// results. Pass the types in `restoring:`; nothing was lost.
        public static let unregisteredOperations = Code("unregisteredOperations")
        /// The storage failed (``MutationQueueError/underlyingError``); nothing was queued.
        public static let storage = Code("storage")
        /// The mutation carries a file upload, which a queue cannot keep: files may be gone by
        /// the time it is sent. Upload it with the client directly.
        public static let uploadsCannotBeQueued = Code("uploadsCannotBeQueued")
        /// No mutation with this id (``MutationQueueError/id``) is queued, and the storage
        /// knows no outcome for it.
        public static let unknownMutation = Code("unknownMutation")
        /// The mutation was given up without a GraphQL answer, for the reason stored
        /// (``MutationQueueError/reason``).
        public static let failed = Code("failed")
        /// The mutation was cancelled before it was sent.
        public static let cancelled = Code("cancelled")

        /// The code's name, as its static member spells it.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// For ``Code/unregisteredOperations``: the operations; for ``Code/uploadsCannotBeQueued``:
    /// the one operation.
    public let operationNames: [String]
    /// For ``Code/storage``: what the storage threw.
    public let underlyingError: (any Error)?
    /// For ``Code/unknownMutation``: the id asked for.
    public let id: String?
    /// For ``Code/failed``: why the mutation was given up.
    public let reason: String?

    private init(_ code: Code, operationNames: [String] = [], underlyingError: (any Error)? = nil, id: String? = nil, reason: String? = nil) {
        self.code = code
        self.operationNames = operationNames
        self.underlyingError = underlyingError
        self.id = id
        self.reason = reason
    }

    /// Stored mutations of types the queue was not given.
    public static func unregisteredOperations(_ names: [String]) -> MutationQueueError {
        MutationQueueError(.unregisteredOperations, operationNames: names)
    }

    /// A failure of the storage.
    public static func storage(_ error: any Error) -> MutationQueueError {
        MutationQueueError(.storage, underlyingError: error)
    }

    /// A mutation with a file upload, which cannot be queued.
    public static func uploadsCannotBeQueued(operationName: String) -> MutationQueueError {
        MutationQueueError(.uploadsCannotBeQueued, operationNames: [operationName])
    }

    /// An id the queue does not know.
    public static func unknownMutation(id: String) -> MutationQueueError {
        MutationQueueError(.unknownMutation, id: id)
    }

    /// A mutation given up for `reason`.
    public static func failed(reason: String) -> MutationQueueError {
        MutationQueueError(.failed, reason: reason)
    }

    /// A mutation cancelled before it was sent.
    public static var cancelled: MutationQueueError { MutationQueueError(.cancelled) }

    /// A description that says what to do.
    public var description: String {
        switch code {
        case .unregisteredOperations:
            "The mutation queue holds mutations of types it was not given: \(operationNames.joined(separator: ", ")). "
                + "Pass their generated types in MutationQueue(client:storage:restoring:) so they can be delivered; they stay queued until then."
        case .storage:
            "The mutation queue's storage failed, so the mutation was not queued: \(underlyingError.map { "\($0)" } ?? "")"
        case .uploadsCannotBeQueued:
            "\(operationNames.first ?? "The mutation") uploads a file, and a durable queue cannot keep files; upload it with ApogeeClient.upload instead."
        case .unknownMutation:
            "No queued mutation has the id \(id ?? ""), and the queue's storage has no outcome for it."
        case .failed:
            "The queued mutation was given up: \(reason ?? "")"
        case .cancelled:
            "The queued mutation was cancelled before it was sent."
        default:
            "The mutation queue failed (\(code))."
        }
    }
}
