import ApogeeAPI

/// The key of one record in the store: `Launch:25` for an object with an identity, or the
/// path from its parent record (`QUERY_ROOT.repository.issues`) for one without.
///
/// A distinct type rather than a bare `String` so that record keys and field names cannot be
/// mixed up in the many places where both travel together.
public struct CacheKey: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key as text, as it is stored and as users write it.
    public let rawValue: String

    /// Wraps a key's text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }

    public static func < (lhs: CacheKey, rhs: CacheKey) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The record that holds the fields of the `Query` root.
    public static let queryRoot = CacheKey("QUERY_ROOT")
    /// The record that holds the fields of the `Mutation` root.
    public static let mutationRoot = CacheKey("MUTATION_ROOT")
    /// The record that holds the fields of the `Subscription` root.
    public static let subscriptionRoot = CacheKey("SUBSCRIPTION_ROOT")

    /// The three roots; garbage collection starts from them.
    public static let roots: [CacheKey] = [.queryRoot, .mutationRoot, .subscriptionRoot]

    /// The root record that an operation of the given kind reads and writes.
    public static func root(for operationType: OperationType) -> CacheKey {
        switch operationType {
        case .query: .queryRoot
        case .mutation: .mutationRoot
        case .subscription: .subscriptionRoot
        }
    }
}
