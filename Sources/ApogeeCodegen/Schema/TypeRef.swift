import GraphQL

/// A reference to a schema type with its list and non-null wrappers, as written in SDL or in
/// an operation's variable definitions.
indirect enum TypeRef: Hashable, Sendable {
    case named(String)
    case list(TypeRef)
    case nonNull(TypeRef)

    /// The named type inside the wrappers.
    var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// Whether a list wraps the named type somewhere.
    var containsList: Bool {
        switch self {
        case .named: false
        case .list: true
        case .nonNull(let inner): inner.containsList
        }
    }

    /// The type without its outer non-null wrapper.
    var nullable: TypeRef {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// Whether a value of this type may stand where `expected` is wanted: the list and
    /// non-null wrappers must agree, a non-null type may stand for a nullable one, and
    /// `namedTypeFits` decides at the named types (the same name for inputs; one of the
    /// possible types, for an interface's fields).
    func isSubtype(of expected: TypeRef, namedTypeFits: (String, String) -> Bool) -> Bool {
        switch (self, expected) {
        case (.nonNull(let inner), .nonNull(let expectedInner)): inner.isSubtype(of: expectedInner, namedTypeFits: namedTypeFits)
        case (_, .nonNull): false
        case (.nonNull(let inner), _): inner.isSubtype(of: expected, namedTypeFits: namedTypeFits)
        case (.list(let inner), .list(let expectedInner)): inner.isSubtype(of: expectedInner, namedTypeFits: namedTypeFits)
        case (.named(let name), .named(let expectedName)): namedTypeFits(name, expectedName)
        default: false
        }
    }

    /// The type written as in GraphQL: `[ID!]!`.
    var graphQLText: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[" + inner.graphQLText + "]"
        case .nonNull(let inner): inner.graphQLText + "!"
        }
    }

    /// Converts GraphQLSwift's AST type.
    init(_ type: GraphQL.`Type`) {
        if let named = type as? NamedType {
            self = .named(named.name.value)
        } else if let list = type as? ListType {
            self = .list(TypeRef(list.type))
        } else if let nonNull = type as? NonNullType {
            self = .nonNull(TypeRef(nonNull.type))
        } else {
            self = .named("")
        }
    }
}
