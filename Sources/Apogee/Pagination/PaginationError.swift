import ApogeeAPI

/// Why a ``QueryPager`` could not page a query, or could not load a page.
///
/// A struct with codes, not an enum, so that a new kind of failure can be added without
/// breaking code that handles the ones it knows.
public struct PaginationError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure. Compare with its static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// The query has no list the pager can page, or does not select or set with a
        /// variable what a page needs (``PaginationError/reason`` says which): a mistake in
        /// the query, found when the pager is made.
        public static let notPaginated = Code("notPaginated")

        /// The server answered a page without the list (``PaginationError/errors`` says
        /// why): a cursor it no longer knows, say. The list keeps what it had.
        public static let pageFailed = Code("pageFailed")

        /// The code's name, as its static member spells it.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// What is missing, for ``Code/notPaginated``.
    public let reason: String
    /// The GraphQL errors of the page's answer, for ``Code/pageFailed``.
    public let errors: [GraphQLError]

    /// The query cannot be paged, for `reason`.
    static func notPaginated(_ reason: String) -> PaginationError {
        PaginationError(code: .notPaginated, reason: reason, errors: [])
    }

    /// The server answered a page without the list, with `errors`.
    static func pageFailed(_ errors: [GraphQLError]) -> PaginationError {
        PaginationError(code: .pageFailed, reason: "", errors: errors)
    }

    /// A readable description, for logs and test failures.
    public var description: String {
        switch code {
        case .notPaginated:
            "cannot page this query: \(reason)"
        default:
            "the server answered the page without the list" + (errors.isEmpty ? "" : ": " + errors.map(\.message).joined(separator: "; "))
        }
    }
}
