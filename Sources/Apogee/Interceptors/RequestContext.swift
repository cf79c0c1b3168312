/// A key for a value that travels with a request through the interceptor chain.
///
/// Interceptors that work together (a cache policy read by cache interceptors, an idempotency
/// key kept across retries) pass values this way instead of through headers.
///
/// ```swift
/// enum TraceIDKey: RequestContextKey {
///     static let defaultValue: String? = nil
/// }
/// request.context[TraceIDKey.self] = "abc"
/// ```
public protocol RequestContextKey {
    /// The type of the value.
    associatedtype Value: Sendable
    /// The value when none was set.
    static var defaultValue: Value { get }
}

/// Values that travel with one request through the interceptor chain.
public struct RequestContext: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// How many times the chain has been started over for this request (0 on the first run).
    public internal(set) var chainRestarts = 0

    /// An empty context.
    public init() {}

    /// Whether a value was set for the key (even one equal to its default).
    func hasValue<Key: RequestContextKey>(for key: Key.Type) -> Bool {
        values[ObjectIdentifier(key)] != nil
    }

    /// The value for a key, or the key's default value.
    public subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value {
        get {
            // Unwrapped first: cast as it is, a missing entry of an optional-valued key would
            // read as `nil` instead of the key's default.
            guard let value = values[ObjectIdentifier(key)] else { return Key.defaultValue }
            return value as? Key.Value ?? Key.defaultValue
        }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
