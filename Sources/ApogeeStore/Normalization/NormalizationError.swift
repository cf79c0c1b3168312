import ApogeeAPI

/// Response data whose shape does not fit the selections it is written for. Nothing of the
/// write is stored.
public struct NormalizationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The record being written when the problem was found.
    public var key: CacheKey
    /// The field's storage key in that record; empty when the record's own data is not an
    /// object.
    public var field: String
    /// What the selections expected there.
    public var expected: String
    /// What the data held.
    public var found: String

    /// A readable description, for logs and test failures.
    public var description: String {
        "cannot store '\(key.rawValue)\(field.isEmpty ? "" : ".")\(field)': expected \(expected), found \(found)"
    }
}
