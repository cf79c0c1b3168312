import ApogeeAPI

/// A builder of test data for one object type of a schema, generated into a test target that
/// opts in (`"testDataBuildersFor"` in its `apogee.json`).
///
/// A builder holds the values a test sets, field by field; building an operation's data from it
/// (``ApogeeAPI/GraphQLOperation/buildData(_:defaults:)``) walks the operation's selections and
/// gives every field the test left alone a deterministic default of the right type:
///
/// ```swift
/// let data = try BookTripMutation(id: "25").buildData(
///     MutationBuilder(bookTrips: TripUpdateResponseBuilder(success: true, launches: [LaunchBuilder(id: "25")]))
/// )
/// ```
///
/// Setting a nullable field to `nil` makes it `null`; setting a non-null one to `nil` gives it
/// back its default. A builder holds its values in `__fields` (``BuiltFields``), and its type's
/// name in `__typename`.
///
/// ## Topics
///
/// ### What a builder holds
/// - ``BuiltFields``
/// - ``BuiltValue``
///
/// ### Building data
/// - ``ApogeeAPI/GraphQLOperation/buildData(_:defaults:)``
/// - ``ApogeeAPI/GraphQLOperation/buildResponse(_:errors:defaults:)``
/// - ``TestDataDefaults``
public protocol ObjectBuilder: BuiltValueConvertible {
    /// The schema type the builder builds, which the built `__typename` is.
    static var __typename: String { get }
    /// What the generated builders know about their schema: enum values and the types that
    /// stand in for interfaces and unions.
    static var __testDataSchema: TestDataSchema { get }
    /// The values the test set, by schema field name.
    var __fields: BuiltFields { get set }
}

extension ObjectBuilder {
    public var builtValue: BuiltValue { .object(self) }

    public init?(builtValue: BuiltValue) {
        guard case .object(let object) = builtValue, let builder = object as? Self else { return nil }
        self = builder
    }

    /// The builder's schema type, read through an existential.
    var typename: String { Self.__typename }
}

/// The values a builder's fields were given, by schema field name.
///
/// Generated builders read and write it through their typed properties; a test can set a
/// field that has no property with ``subscript(_:)``.
public struct BuiltFields: Sendable {
    private var values: [String: BuiltValue] = [:]

    /// No field set.
    public init() {}

    /// The value a field was given, or `nil` when the test left it to its default.
    public subscript(_ field: String) -> BuiltValue? {
        get { values[field] }
        set { values[field] = newValue }
    }

    /// The names of the fields that were given values.
    public var names: some Collection<String> { values.keys }

    /// A scalar or enum field's value, as its Swift type.
    public func scalar<Value: ResponseDecodable>(_ field: String) -> Value? {
        guard case .scalar(let json) = values[field] else { return nil }
        return try? Value(responseValue: json)
    }

    /// Sets a scalar or enum field; `nil` is `null` for a nullable field and the default for a
    /// non-null one.
    public mutating func setScalar<Value: ResponseEncodable>(_ value: Value?, for field: String, nullable: Bool) {
        if let value {
            values[field] = .scalar(value.responseValue)
        } else {
            values[field] = nullable ? .null : nil
        }
    }

    /// An object field's value (or a list of them), as its builder type.
    public func object<Value: BuiltValueConvertible>(_ field: String) -> Value? {
        values[field].flatMap(Value.init(builtValue:))
    }

    /// Sets an object field; `nil` is `null` for a nullable field and the default for a
    /// non-null one.
    public mutating func setObject<Value: BuiltValueConvertible>(_ value: Value?, for field: String, nullable: Bool) {
        if let value {
            values[field] = value.builtValue
        } else {
            values[field] = nullable ? .null : nil
        }
    }
}
