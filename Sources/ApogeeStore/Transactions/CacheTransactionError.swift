/// A misuse of a ``CacheTransaction``.
///
/// A struct with codes, not an enum, so that a new kind of misuse can be added without
/// breaking code that handles the ones it knows.
public struct CacheTransactionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of misuse. Compare with its static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// The transaction was used after the closure it was given to returned.
        public static let closed = Code("closed")

        /// The code's name, as its static member spells it.
        public var description: String { name }
    }

    /// The kind of misuse.
    public let code: Code

    /// The transaction was used after its closure returned.
    public static var closed: CacheTransactionError { CacheTransactionError(code: .closed) }

    /// A readable description, for logs and test failures.
    public var description: String {
        "the cache transaction was used after its closure returned"
    }
}
