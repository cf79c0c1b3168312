import ApogeeAPI

/// The value of one field in a record.
///
/// Objects never nest inside a record: an object field holds a ``reference(_:)`` to the
/// object's own record, and a list of objects holds a ``list(_:)`` of references. Scalars,
/// including lists of scalars and custom scalars that are JSON objects, stay as JSON.
public enum RecordValue: Sendable, Hashable {
    /// JSON `null`: the server said the field is null. A field that was never written is
    /// absent from the record instead, so the two are never confused.
    case null
    /// A scalar, enum or custom scalar value (never `.null`; that is ``null``).
    case scalar(JSONValue)
    /// A link to the record of an object.
    case reference(CacheKey)
    /// A list whose elements are references, nulls or nested lists.
    case list([RecordValue])
    /// `null` with the server's errors for the field: resolving it failed. A read gives the
    /// errors again where the network result gave them (a `FieldResult`, `@catch`, a
    /// semantically non-null field), and serves the field as `null` elsewhere; a later value
    /// replaces it.
    case fieldError([GraphQLError])

    /// `null`, or ``fieldError(_:)`` when errors explain it.
    public static func null(explainedBy errors: [GraphQLError]) -> RecordValue {
        errors.isEmpty ? .null : .fieldError(errors)
    }

    /// Wraps a scalar's JSON, keeping `null` as ``null``.
    public init(scalar value: JSONValue) {
        self = value.isNull ? .null : .scalar(value)
    }

    /// The referenced record's key, or `nil` when the value is not a reference.
    public var referenceKey: CacheKey? {
        if case .reference(let key) = self { return key }
        return nil
    }

    /// Every record key this value links to, through nested lists.
    public func forEachReference(_ body: (CacheKey) throws -> Void) rethrows {
        switch self {
        case .null, .scalar, .fieldError: return
        case .reference(let key): try body(key)
        case .list(let elements):
            for element in elements { try element.forEachReference(body) }
        }
    }
}
