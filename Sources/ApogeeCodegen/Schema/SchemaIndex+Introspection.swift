import GraphQL

extension SchemaIndex {
    /// The introspection types every schema has, as the specification defines them: an
    /// operation may select `__schema` and `__type` like any other field, and gets typed data.
    static let introspectionTypes: [String: NamedType] = {
        guard let document = try? parse(source: Source(body: introspectionSDL, name: "introspection")) else { return [:] }
        return build(from: document, fileName: "introspection").0.types
    }()

    /// The meta fields of the query type: `__schema`, and `__type(name:)`.
    func introspectionField(_ name: String, on parent: String) -> Field? {
        guard parent == queryType else { return nil }
        switch name {
        case "__schema":
            return Field(name: name, type: .nonNull(.named("__Schema")))
        case "__type":
            return Field(name: name, type: .named("__Type"), arguments: [InputField(name: "name", type: .nonNull(.named("String")), hasDefault: false)])
        default:
            return nil
        }
    }

    private static let introspectionSDL = """
        type __Schema {
          description: String
          types: [__Type!]!
          queryType: __Type!
          mutationType: __Type
          subscriptionType: __Type
          directives: [__Directive!]!
        }
        type __Type {
          kind: __TypeKind!
          name: String
          description: String
          specifiedByURL: String
          fields(includeDeprecated: Boolean = false): [__Field!]
          interfaces: [__Type!]
          possibleTypes: [__Type!]
          enumValues(includeDeprecated: Boolean = false): [__EnumValue!]
          inputFields(includeDeprecated: Boolean = false): [__InputValue!]
          ofType: __Type
          isOneOf: Boolean
        }
        enum __TypeKind { SCALAR OBJECT INTERFACE UNION ENUM INPUT_OBJECT LIST NON_NULL }
        type __Field {
          name: String!
          description: String
          args(includeDeprecated: Boolean = false): [__InputValue!]!
          type: __Type!
          isDeprecated: Boolean!
          deprecationReason: String
        }
        type __InputValue {
          name: String!
          description: String
          type: __Type!
          defaultValue: String
          isDeprecated: Boolean!
          deprecationReason: String
        }
        type __EnumValue {
          name: String!
          description: String
          isDeprecated: Boolean!
          deprecationReason: String
        }
        type __Directive {
          name: String!
          description: String
          isRepeatable: Boolean!
          locations: [__DirectiveLocation!]!
          args(includeDeprecated: Boolean = false): [__InputValue!]!
        }
        enum __DirectiveLocation {
          QUERY MUTATION SUBSCRIPTION FIELD FRAGMENT_DEFINITION FRAGMENT_SPREAD INLINE_FRAGMENT VARIABLE_DEFINITION
          SCHEMA SCALAR OBJECT FIELD_DEFINITION ARGUMENT_DEFINITION INTERFACE UNION ENUM ENUM_VALUE INPUT_OBJECT
          INPUT_FIELD_DEFINITION
        }
        """
}
