/// Why a durable mutation queue could not queue, restore or deliver a mutation.
public enum MutationQueueError: Error, Sendable, CustomStringConvertible {
    /// Mutations in storage whose generated types were not given to the queue, so it cannot
    /// send them or write their results. Pass the types in `restoring:`; nothing was lost.
    case unregisteredOperations([String])
    /// The storage failed; nothing was queued.
    case storage(any Error)
    /// The mutation carries a file upload, which a queue cannot keep: files may be gone by
    /// the time it is sent. Upload it with the client directly.
    case uploadsCannotBeQueued(operationName: String)
    /// No mutation with this id is queued, and the storage knows no outcome for it.
    case unknownMutation(id: String)
    /// The mutation was given up without a GraphQL answer, for the reason stored.
    case failed(reason: String)
    /// The mutation was cancelled before it was sent.
    case cancelled

    /// A description that says what to do.
    public var description: String {
        switch self {
        case .unregisteredOperations(let names):
            "The mutation queue holds mutations of types it was not given: \(names.joined(separator: ", ")). "
                + "Pass their generated types in MutationQueue(client:storage:restoring:) so they can be delivered; they stay queued until then."
        case .storage(let error):
            "The mutation queue's storage failed, so the mutation was not queued: \(error)"
        case .uploadsCannotBeQueued(let name):
            "\(name) uploads a file, and a durable queue cannot keep files; upload it with ApogeeClient.upload instead."
        case .unknownMutation(let id):
            "No queued mutation has the id \(id), and the queue's storage has no outcome for it."
        case .failed(let reason):
            "The queued mutation was given up: \(reason)"
        case .cancelled:
            "The queued mutation was cancelled before it was sent."
        }
    }
}
