/// How long fields stay fresh after they are written, by type (`"Launch"`) and by field
/// (`"Launch.site"`); a field's own age wins over its type's.
///
/// The schema declares ages with `@cacheControl(maxAge:)` and `@cacheControlField(name:maxAge:)`,
/// which generated code carries as `__cacheMaxAges`; a store may be given ages of its own as
/// the fallback. A field with arguments is named without them: `"Query.launch"`.
public struct MaximumAges: Sendable, Hashable {
    /// A type's age and its fields' own ages, in milliseconds.
    struct TypeAges: Sendable, Hashable {
        var age: Int64?
        var fieldAges: [String: Int64] = [:]
    }

    private var byType: [String: TypeAges] = [:]

    /// No maximum age: nothing expires.
    public init() {}

    /// Ages given as durations, by `"Type"` or `"Type.field"`.
    public init(_ ages: [String: Duration]) {
        for (name, age) in ages { set(name, milliseconds: age.wholeMilliseconds) }
    }

    /// Ages in whole seconds, as the schema's `@cacheControl(maxAge:)` gives them.
    public init(seconds ages: [String: Int]) {
        for (name, age) in ages { set(name, milliseconds: Int64(age) * 1_000) }
    }

    private mutating func set(_ name: String, milliseconds: Int64) {
        if let dot = name.firstIndex(of: ".") {
            byType[String(name[..<dot]), default: TypeAges()].fieldAges[String(name[name.index(after: dot)...])] = milliseconds
        } else {
            byType[name, default: TypeAges()].age = milliseconds
        }
    }

    /// Whether no type or field has an age.
    public var isEmpty: Bool { byType.isEmpty }

    /// Whether the type or any of its fields has an age: most types have none, and finding
    /// that out costs one lookup.
    package func covers(_ typename: String) -> Bool {
        byType[typename] != nil
    }

    /// The types that have an age, or whose fields have one.
    var coveredTypes: Set<String> {
        Set(byType.keys)
    }

    /// The age of a field of a record of type `typename`, in milliseconds, or `nil`.
    /// `storageKey` may carry arguments (`launch({"id":"25"})`).
    public func milliseconds(typename: String, storageKey: String) -> Int64? {
        guard let rules = byType[typename] else { return nil }
        return rules.fieldAges[Self.fieldName(storageKey)] ?? rules.age
    }

    /// A field's name without its arguments: `launch({"id":"25"})` is `launch`.
    static func fieldName(_ storageKey: String) -> String {
        guard let parenthesis = storageKey.firstIndex(of: "(") else { return storageKey }
        return String(storageKey[..<parenthesis])
    }
}
