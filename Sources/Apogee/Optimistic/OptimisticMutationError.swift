import ApogeeStore

/// Why a mutation with an optimistic response or updater was not sent.
///
/// A struct with codes, not an enum, so that a new kind of failure can be added without
/// breaking code that handles the ones it knows.
public struct OptimisticMutationError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure. Compare with its static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// The optimistic response did not fit the mutation's selections, or the optimistic
        /// updater threw (``OptimisticMutationError/underlyingError``). The store is unchanged
        /// and the mutation was not sent: a guess that cannot be shown is a bug in the caller,
        /// and sending the mutation anyway would hide it.
        public static let optimisticUpdateFailed = Code("optimisticUpdateFailed")

        /// The code's name, as its static member spells it.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// What the optimistic update threw.
    public let underlyingError: any Error

    /// The optimistic update failed with `error`; nothing was sent.
    public static func optimisticUpdateFailed(_ error: any Error) -> OptimisticMutationError {
        OptimisticMutationError(code: .optimisticUpdateFailed, underlyingError: error)
    }

    /// A readable description, for logs and test failures.
    public var description: String {
        "the optimistic update failed, so the mutation was not sent: \(underlyingError)"
    }
}
