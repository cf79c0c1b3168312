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
