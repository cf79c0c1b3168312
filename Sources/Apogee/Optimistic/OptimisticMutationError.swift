import ApogeeStore

/// Why a mutation with an optimistic response or updater was not sent.
public enum OptimisticMutationError: Error, Sendable, CustomStringConvertible {
    /// The optimistic response did not fit the mutation's selections, or the optimistic
    /// updater threw. The store is unchanged and the mutation was not sent: a guess that cannot
    /// be shown is a bug in the caller, and sending the mutation anyway would hide it.
    case optimisticUpdateFailed(any Error)

    /// A readable description, for logs and test failures.
    public var description: String {
        switch self {
        case .optimisticUpdateFailed(let error): "the optimistic update failed, so the mutation was not sent: \(error)"
        }
    }
}
