import ApogeeAPI

/// What generated builders know about their schema that an operation's selections do not
/// say: the value an enum field gets by default, and the object type that stands in for an
/// interface or a union that a test did not name.
public struct TestDataSchema: Sendable {
    /// The default value of each enum, by enum type: its first value in the schema.
    public var enumDefaults: [String: String]
    /// The object type that a field of an interface or union type gets by default, by
    /// abstract type: the first of its possible types, by name.
    public var abstractTypeDefaults: [String: String]
    /// The default of each custom scalar that the code maps to a number or a Boolean (`0`,
    /// `false`), by scalar name; other custom scalars default to a string.
    public var scalarDefaults: [String: JSONValue]

    /// Creates a schema description; generated code calls it.
    public init(enumDefaults: [String: String], abstractTypeDefaults: [String: String], scalarDefaults: [String: JSONValue] = [:]) {
        self.enumDefaults = enumDefaults
        self.abstractTypeDefaults = abstractTypeDefaults
        self.scalarDefaults = scalarDefaults
    }
}
