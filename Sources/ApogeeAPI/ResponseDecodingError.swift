/// A response whose shape does not match the operation's generated types.
///
/// The path says where: decoding errors collect the path as they travel up from the value
/// that was wrong, which costs nothing when decoding succeeds.
public struct ResponseDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the value at ``path``. Compare with its static members
    /// (`error.reason == .unexpectedNull`); a `switch` over it needs a `default`, since
    /// reasons may be added.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        /// For ``typeMismatch(expected:found:)``: what the generated type expects.
        public let expected: String?
        /// For ``typeMismatch(expected:found:)``: the kind of value found.
        public let found: String?

        private init(_ name: String, expected: String? = nil, found: String? = nil) {
            self.name = name
            self.expected = expected
            self.found = found
        }

        /// The response has no such field, although the operation selects it.
        public static let missingField = Reason("missingField")
        /// The field is `null`, although the schema says it is non-null.
        public static let unexpectedNull = Reason("unexpectedNull")
        /// The field is `null` because resolving it failed on the server, which reported
        /// why in ``ResponseDecodingError/fieldErrors``, and nothing between it and here
        /// catches the error (`@catch`, an optional field under the `NULL` default).
        public static let fieldError = Reason("fieldError")
        /// The value has the wrong JSON kind, or is out of range for its type.
        public static func typeMismatch(expected: String, found: String) -> Reason {
            Reason("typeMismatch", expected: expected, found: found)
        }

        /// The reason's name, as its static member spells it.
        public var description: String { name }
    }

    /// Where the wrong value is, from the root of `data`.
    public var path: ResponsePath
    /// What was wrong.
    public var reason: Reason
    /// For ``Reason/fieldError``: the server's errors for the field; empty otherwise.
    public var fieldErrors: [GraphQLError] = []

    /// Creates an error at the given path.
    public init(_ reason: Reason, at path: ResponsePath = ResponsePath()) {
        self.reason = reason
        self.path = path
    }

    /// A ``Reason/fieldError``: a `null` the server explains with these errors, where the
    /// generated type needs a value.
    public init(fieldErrors: [GraphQLError], at path: ResponsePath = ResponsePath()) {
        self.reason = .fieldError
        self.path = path
        self.fieldErrors = fieldErrors
    }

    /// A type mismatch between what a generated type expects and the value found.
    public static func typeMismatch(expected: String, found value: JSONValue) -> ResponseDecodingError {
        ResponseDecodingError(.typeMismatch(expected: expected, found: value.kindDescription))
    }

    /// A type mismatch between what a generated type expects and a parsed document's value.
    public static func typeMismatch(expected: String, found value: JSONDocument.Value) -> ResponseDecodingError {
        ResponseDecodingError(.typeMismatch(expected: expected, found: value.kindDescription))
    }

    /// The same error one level further from the root.
    public func prepending(_ component: ResponsePath.Component) -> ResponseDecodingError {
        var copy = self
        copy.path.components.insert(component, at: 0)
        return copy
    }

    public var description: String {
        let location = path.components.isEmpty ? "the response" : "'\(path)'"
        if let expected = reason.expected { return "\(location) should be \(expected), but is \(reason.found ?? "another value")" }
        return switch reason {
        case .missingField: "\(location) is missing from the response"
        case .unexpectedNull: "\(location) is null, but the schema says it is non-null"
        case .fieldError: "\(location) is null because of a field error: \(fieldErrors.map(\.message).joined(separator: "; "))"
        default: "\(location) cannot be decoded (\(reason))"
        }
    }
}
