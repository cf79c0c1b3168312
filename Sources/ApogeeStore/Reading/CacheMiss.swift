import ApogeeAPI

/// Why the store could not give a complete result: a field or record it does not have, or
/// a stored value that does not fit the selections. A miss is a result, never a crash, and
/// never a silently wrong value: a caller fetches from the server instead.
public struct CacheMiss: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was missing or wrong. Compare with its static members (`miss.reason == .expired`);
    /// a `switch` over it needs a `default`, since reasons may be added.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        /// For ``invalidValue(expected:)``: the shape the selections expect.
        public let expected: String?
        /// For ``decodingFailed(_:)``: why the stored data does not decode.
        public let decodingError: ResponseDecodingError?
        /// For ``sourceFailed(_:)``: what the record source said.
        public let message: String?

        private init(_ name: String, expected: String? = nil, decodingError: ResponseDecodingError? = nil, message: String? = nil) {
            self.name = name
            self.expected = expected
            self.decodingError = decodingError
            self.message = message
        }

        /// The record is not in the store (never written, removed, or cleared).
        public static let missingRecord = Reason("missingRecord")
        /// The record exists but the field was never written.
        public static let missingField = Reason("missingField")
        /// The field is past its expiry time (and the read did not accept it stale).
        public static let expired = Reason("expired")
        /// The stored value has another shape than the selections expect.
        public static func invalidValue(expected: String) -> Reason {
            Reason("invalidValue", expected: expected)
        }
        /// The stored data could not be read into the generated type.
        public static func decodingFailed(_ error: ResponseDecodingError) -> Reason {
            Reason("decodingFailed", decodingError: error)
        }
        /// The record source failed to load the record (a persistent store's I/O error).
        public static func sourceFailed(_ message: String) -> Reason {
            Reason("sourceFailed", message: message)
        }

        /// The reason's name, as its static member spells it.
        public var description: String { name }

        /// Whether the store lacks the data, rather than holding data it cannot read or
        /// failing to load: what a partial read can leave out.
        var isAbsence: Bool {
            self == .missingRecord || self == .missingField || self == .expired
        }
    }

    /// The record where reading stopped.
    public var key: CacheKey
    /// The field's storage key, when the miss is about one field.
    public var field: String?
    /// Where in the result the miss is, from the root of the data.
    public var path: ResponsePath
    /// What was wrong.
    public var reason: Reason

    /// Creates a miss.
    public init(key: CacheKey, field: String?, path: ResponsePath = ResponsePath(), reason: Reason) {
        self.key = key
        self.field = field
        self.path = path
        self.reason = reason
    }

    /// A readable description, for logs and test failures.
    public var description: String {
        let location = field.map { "'\(key.rawValue).\($0)'" } ?? "record '\(key.rawValue)'"
        let at = path.components.isEmpty ? "" : " (at '\(path)')"
        if let expected = reason.expected { return "cache miss: \(location) is not \(expected)\(at)" }
        if let error = reason.decodingError { return "cache miss: stored data does not decode: \(error)" }
        if let message = reason.message { return "cache miss: \(location) could not be loaded: \(message)" }
        return switch reason {
        case .expired: "cache miss: \(location) has expired\(at)"
        default: "cache miss: \(location) is not in the store\(at)"
        }
    }

    func prepending(_ component: ResponsePath.Component) -> CacheMiss {
        var copy = self
        copy.path.components.insert(component, at: 0)
        return copy
    }
}
