/// A nullable input: leave it out, send `null`, or send a value.
///
/// GraphQL tells "not given" apart from "given as null" for nullable arguments and input
/// fields (an update mutation may clear a field with `null` and keep it by leaving it out).
/// A literal `nil` means leave it out; write `.null` to send `null`.
///
/// ```swift
/// ReviewInput(stars: 5, commentary: "This is a great movie!")   // a value
/// ReviewInput(stars: 5, commentary: nil)                        // left out
/// ReviewInput(stars: 5, commentary: .null)                      // null
/// ```
public enum GraphQLNullable<Wrapped: Sendable>: Sendable, ExpressibleByNilLiteral {
    /// Leave the field or variable out of the request.
    case none
    /// Send `null`.
    case null
    /// Send a value.
    case some(Wrapped)

    public init(nilLiteral: ()) {
        self = .none
    }

    /// Sends `value`.
    public init(_ value: Wrapped) {
        self = .some(value)
    }

    /// Sends the optional's value, or `null` when it is `nil`.
    public init(nullIfNil optional: Wrapped?) {
        self = optional.map(GraphQLNullable.some) ?? .null
    }

    /// The value, or `nil` when left out or null.
    public var unwrapped: Wrapped? {
        if case .some(let wrapped) = self { return wrapped }
        return nil
    }
}

extension GraphQLNullable: Equatable where Wrapped: Equatable {}
extension GraphQLNullable: Hashable where Wrapped: Hashable {}

extension GraphQLNullable where Wrapped: InputValueConvertible {
    /// The value to send, or `nil` when the field is left out.
    public var inputValueIfPresent: InputValue? {
        switch self {
        case .none: nil
        case .null: .null
        case .some(let wrapped): wrapped.inputValue
        }
    }
}

extension GraphQLNullable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByStringLiteral {
    public init(unicodeScalarLiteral value: Wrapped.StringLiteralType) {
        self = .some(Wrapped(stringLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByExtendedGraphemeClusterLiteral where Wrapped: ExpressibleByStringLiteral {
    public init(extendedGraphemeClusterLiteral value: Wrapped.StringLiteralType) {
        self = .some(Wrapped(stringLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    public init(stringLiteral value: Wrapped.StringLiteralType) {
        self = .some(Wrapped(stringLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .some(Wrapped(integerLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .some(Wrapped(floatLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .some(Wrapped(booleanLiteral: value))
    }
}

extension GraphQLNullable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    public init(arrayLiteral elements: Wrapped.Element...) {
        self = .some(Wrapped(elements))
    }
}
