/// A setting read from a `ConfigReader` that is present but unusable: a word where a number of
/// seconds belongs, a negative count, a header field without a colon. The setting is not
/// silently dropped for its default: the initializer throws this, naming the key.
public struct ConfigurationValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key as the reader was asked for it, relative to the reader's scope (`timeout`,
    /// `retry.initialDelay`).
    public var key: String
    /// What the provider holds under the key, or `nil` when it is not shown (header fields may
    /// carry credentials).
    public var value: String?
    /// What the key takes.
    public var expected: String

    /// Creates an error for `key`.
    public init(key: String, value: String?, expected: String) {
        self.key = key
        self.value = value
        self.expected = expected
    }

    /// `configuration key 'timeout' is "soon": expected a number of seconds, 0 or more`.
    public var description: String {
        let found = value.map { " is \"\($0)\"" } ?? " is not usable"
        return "configuration key '\(key)'\(found): expected \(expected)"
    }
}
