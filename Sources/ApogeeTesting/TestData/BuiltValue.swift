import ApogeeAPI

/// The value a test gave a field of an ``ObjectBuilder``.
///
/// Generated builders store their typed properties as built values; a field with no built
/// value gets a default when data is built (see ``TestDataDefaults``).
public enum BuiltValue: Sendable {
    /// An explicit `null`.
    case null
    /// A scalar or enum value, or a list of them, as response JSON.
    case scalar(JSONValue)
    /// An object, built by its own builder.
    case object(any ObjectBuilder)
    /// A list of objects (or of lists of them).
    case list([BuiltValue])
}

/// A Swift value that a builder property holds as a ``BuiltValue``: generated builders, the
/// enums of interface and union builders, and optionals and arrays of them.
public protocol BuiltValueConvertible: Sendable {
    /// The value as a builder stores it.
    var builtValue: BuiltValue { get }
    /// The Swift value for a stored value, or `nil` when it holds something else.
    init?(builtValue: BuiltValue)
}

extension Optional: BuiltValueConvertible where Wrapped: BuiltValueConvertible {
    public var builtValue: BuiltValue {
        map(\.builtValue) ?? .null
    }

    public init?(builtValue: BuiltValue) {
        if case .null = builtValue {
            self = .none
        } else if let wrapped = Wrapped(builtValue: builtValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}

extension Array: BuiltValueConvertible where Element: BuiltValueConvertible {
    public var builtValue: BuiltValue {
        .list(map(\.builtValue))
    }

    public init?(builtValue: BuiltValue) {
        guard case .list(let values) = builtValue else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(builtValue: value) else { return nil }
            elements.append(element)
        }
        self = elements
    }
}
