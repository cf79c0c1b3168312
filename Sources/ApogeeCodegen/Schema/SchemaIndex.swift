import GraphQL

/// What code generation needs to know about a schema, indexed by name.
///
/// Built straight from the SDL AST rather than read back from GraphQLSwift's `GraphQLSchema`,
/// whose field maps are rebuilt by closures on every access; generation looks fields up
/// thousands of times on a schema like GitHub's.
struct SchemaIndex: Sendable {
    enum Kind: Sendable, Hashable {
        case scalar, object, interface, union, enumeration, inputObject
    }

    struct Field: Sendable {
        var name: String
        var type: TypeRef
        var description: String? = nil
        /// The arguments, in declaration order.
        var arguments: [InputField] = []
        /// Added by a client schema extension to a type of the server's schema: the server
        /// never sees it, and the store keeps it (see `SchemaIndex+LocalFields.swift`).
        var isLocal = false
        /// A local field's `@clientDefault(value:)`, checked against its type.
        var clientDefault: IRValue? = nil

        var argumentNames: [String] { arguments.map(\.name) }
    }

    struct InputField: Sendable {
        var name: String
        var type: TypeRef
        var hasDefault: Bool
        var description: String?
    }

    struct EnumCase: Sendable {
        var name: String
        var description: String?
        var deprecationReason: String?
    }

    struct NamedType: Sendable {
        var name: String
        var kind: Kind
        var description: String?
        var fields: [String: Field] = [:]
        var interfaces: [String] = []
        var members: [String] = []
        var enumValues: [EnumCase] = []
        var inputFields: [InputField] = []
        /// An input object marked `@oneOf`: exactly one of its fields is given.
        var isOneOf = false
    }

    /// A directive as declared, for checking where operations apply it.
    struct DirectiveDeclaration: Sendable {
        /// The places it may be applied, as SDL spells them: `FIELD`, `QUERY`, …
        var locations: Set<String>
        var arguments: [InputField]
        var isRepeatable: Bool
    }

    var types: [String: NamedType] = [:]
    var queryType: String?
    var mutationType: String?
    var subscriptionType: String?
    var directiveNames: Set<String> = []
    /// Every directive operations may apply: the schema's, the ones Apogee declares, and the
    /// specification's built-in ones.
    var directives: [String: DirectiveDeclaration] = [:]
    /// `@typePolicy(keyFields:)` by the object or interface type that declares it.
    var declaredKeyFields: [String: [String]] = [:]
    /// `@fieldPolicy(forField:keyArgs:)` by `ParentType.field`, checked.
    var redirects: [String: Redirect] = [:]
    /// `@cacheControl` and `@cacheControlField` ages in seconds, by `"Type"` and
    /// `"Type.field"` of object types, checked.
    var declaredMaxAges: [String: Int] = [:]
    /// The client directive `@paginated` gives each selection of a field, by the
    /// `Type.field` that declares it, checked (see `SchemaIndex+Pagination.swift`).
    var paginationDirectives: [String: IRDirective] = [:]
    /// The levels `@semanticNonNull` and `@semanticNonNullField` make non-null, by
    /// `"Type.field"`, checked (see `FieldErrorDirectives.swift`).
    var semanticNonNullLevels: [String: Set<Int>] = [:]
    /// The schema's `@catchByDefault(to:)`, if it gives one.
    var catchByDefault: FieldErrorHandling?

    /// A field the store reads from the record its arguments name.
    struct Redirect: Sendable, Hashable {
        var typename: String
        var keyArguments: [String]
        var keyFields: [String]
    }
    /// Set where building met what only GraphQLSwift's check of the schema decides: a name
    /// given twice in one type or directive, a required argument or input field marked
    /// deprecated, a scalar's `@specifiedBy`, a definition the index does not keep.
    /// ``passesTypeSystemCheck()`` then says no.
    var needsFullCheck = false
    /// Whether any type has a local field; the document printer looks fields up only then.
    var hasLocalFields = false
    /// Object types per abstract type, computed once.
    var possibleTypesByName: [String: Set<String>] = [:]

    static let builtInScalars: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]

    /// A type of the schema, or one of the introspection types every schema has.
    subscript(name: String) -> NamedType? {
        types[name] ?? (name.hasPrefix("__") ? Self.introspectionTypes[name] : nil)
    }

    /// The object types an object of this type can be: itself for an object type, the
    /// implementations of an interface, the members of a union.
    func possibleTypes(_ name: String) -> Set<String> {
        if let known = possibleTypesByName[name] { return known }
        return [name]
    }

    func isComposite(_ name: String) -> Bool {
        switch self[name]?.kind {
        case .object, .interface, .union: true
        default: false
        }
    }

    func rootType(_ operation: GraphQL.OperationType) -> String? {
        switch operation {
        case .query: queryType
        case .mutation: mutationType
        case .subscription: subscriptionType
        }
    }

    /// The type of a field selected on `parent`, including the meta fields.
    func field(_ name: String, on parent: String) -> Field? {
        if name == "__typename" { return Field(name: name, type: .nonNull(.named("String"))) }
        if name == "__id" { return Field(name: name, type: .named("ID")) }
        if name.hasPrefix("__"), let meta = introspectionField(name, on: parent) { return meta }
        return self[parent]?.fields[name]
    }
}
