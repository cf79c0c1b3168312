import ApogeeAPI

/// The key of one record in the store: `Launch:25` for an object with an identity, or the
/// path from its parent record (`QUERY_ROOT.repository.issues`) for one without.
///
/// A distinct type rather than a bare `String` so that record keys and field names cannot be
/// mixed up in the many places where both travel together.
///
/// A key hashes its text once, when it is made: path keys run to a hundred bytes, and the
/// store hashes keys in every dictionary and set it keeps, so re-hashing the text each time
/// was most of the cost of a read.
public struct CacheKey: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key as text, as it is stored and as users write it.
    public let rawValue: String
    private let textHash: Int

    /// Wraps a key's text.
    public init(_ rawValue: String) {
        self.init(rawValue, hash: Self.textHash(of: rawValue))
    }

    /// Wraps a key's text whose hash (``textHash(of:)``) was made as the text was written.
    init(_ rawValue: String, hash: Int) {
        self.rawValue = rawValue
        self.textHash = hash
    }

    /// `Typename:id`, built in one allocation (see ``init(joining:_:_:indices:)``).
    init(typename: String, id: String) {
        self.init(joining: typename, UInt8(ascii: ":"), id)
    }

    /// A key written as a literal: `"Launch:25"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A readable description, for logs and test failures.
    public var description: String { rawValue }

    /// Keys are equal when their text is, byte for byte; the stored hashes make unequal keys
    /// fast to tell apart.
    public static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
        lhs.textHash == rhs.textHash && lhs.rawValue == rhs.rawValue
    }

    /// The hash of the key's text, made when the key was made.
    var storedHash: Int { textHash }

    /// Feeds the hash computed when the key was made.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(textHash)
    }

    /// The hash a dictionary or set of keys buckets by: the text's hash, already made with
    /// the process's random seed, mixed with the table's own seed. Hashing that one word again
    /// through `Hasher` cost more than the lookup it serves, and the store looks keys up in
    /// every read and write.
    public func _rawHashValue(seed: Int) -> Int {
        // A multiply by an odd constant (the golden ratio's) spreads a seed that differs
        // only in low bits over the whole word before it is mixed in.
        textHash ^ (seed &* -7_046_029_254_386_353_131)
    }

    /// Orders keys by their text, for stable output.
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
