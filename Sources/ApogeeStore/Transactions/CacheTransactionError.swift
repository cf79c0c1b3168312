/// A misuse of a ``CacheTransaction``.
public enum CacheTransactionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The transaction was used after the closure it was given to returned.
    case closed

    /// A readable description, for logs and test failures.
    public var description: String {
        switch self {
        case .closed: "the cache transaction was used after its closure returned"
        }
    }
}
