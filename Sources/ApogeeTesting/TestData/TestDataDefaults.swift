import ApogeeAPI

/// The values that fields a test leaves alone get when data is built.
///
/// Every default is deterministic: the same builders give the same data in every run.
///
/// | type | default |
/// | --- | --- |
/// | `ID` | `"<Type>:<n>"`, with `n` counting the ids made in one build, so ids are unique |
/// | `String` | `"<Type>.<field>"` |
/// | `Int`, `Float` | `0` |
/// | `Boolean` | `false` |
/// | an enum | its first value in the schema |
/// | a custom scalar | `0` or `false` when its Swift type is a number or `Bool`, else `"<Type>.<field>"`, unless ``scalars`` names it |
/// | a list | `[]` |
/// | an object | an object of the field's type with every field defaulted |
/// | an interface or union | the first of its possible types, by name |
///
/// Nullable fields get values too, never `null`: a test that wants `null` sets it.
///
/// ```swift
/// var defaults = TestDataDefaults()
/// defaults.scalars["DateTime"] = { _ in "2026-01-01T00:00:00Z" }
/// let data = try LaunchListQuery().buildData(QueryBuilder(), defaults: defaults)
/// ```
public struct TestDataDefaults: Sendable {
    /// A default for a scalar, given the field it is for.
    public typealias ScalarDefault = @Sendable (TestDataField) -> JSONValue

    /// Defaults by scalar name, built-in scalars and enums included; they replace the
    /// standard ones.
    public var scalars: [String: ScalarDefault]

    /// The standard defaults, with `scalars` in place of those it names.
    public init(scalars: [String: ScalarDefault] = [:]) {
        self.scalars = scalars
    }

    /// The default for a field of scalar or enum type `type`.
    func value(ofScalar type: String, for field: TestDataField, schema: TestDataSchema) -> JSONValue {
        if let custom = scalars[type] { return custom(field) }
        if let enumDefault = schema.enumDefaults[type] { return .string(enumDefault) }
        if let scalarDefault = schema.scalarDefaults[type] { return scalarDefault }
        switch type {
        case "ID": return .string("\(field.parentType):\(field.sequence)")
        case "Int": return .int(0)
        case "Float": return .double(0)
        case "Boolean": return .bool(false)
        default: return .string("\(field.parentType).\(field.name)")
        }
    }
}

/// The field a default is made for.
public struct TestDataField: Sendable, Hashable {
    /// The object type the field belongs to.
    public var parentType: String
    /// The field's schema name.
    public var name: String
    /// A number that grows with each default made in one build: unique within it.
    public var sequence: Int

    /// Creates a field description.
    public init(parentType: String, name: String, sequence: Int) {
        self.parentType = parentType
        self.name = name
        self.sequence = sequence
    }
}
