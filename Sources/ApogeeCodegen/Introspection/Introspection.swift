/// Turning a server's introspection result into SDL: what `apogee fetch-schema` does after
/// it has run ``query`` over HTTP.
public enum Introspection {
    /// The introspection query: every type with its fields, arguments, input fields, enum
    /// values and possible types, type references seven levels deep (`[[Int!]!]!` and more).
    public static let query = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives {
              name
              description
              locations
              isRepeatable
              args { ...InputValue }
            }
          }
        }

        fragment FullType on __Type {
          kind
          name
          description
          fields(includeDeprecated: true) {
            name
            description
            args { ...InputValue }
            type { ...TypeRef }
            isDeprecated
            deprecationReason
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) {
            name
            description
            isDeprecated
            deprecationReason
          }
          possibleTypes { ...TypeRef }
        }

        fragment InputValue on __InputValue {
          name
          description
          type { ...TypeRef }
          defaultValue
        }

        fragment TypeRef on __Type {
          kind
          name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """

    /// Converts an introspection result (`{"data":{"__schema":…}}` or `{"__schema":…}`) into
    /// SDL text.
    /// `includeDescriptions: false` leaves the descriptions out, to compare two schemas by shape.
    /// - Throws: ``CodegenError`` naming `fileName` when the JSON is not an introspection result.
    public static func sdl(fromJSON bytes: [UInt8], fileName: String, includeDescriptions: Bool = true) throws(CodegenError) -> String {
        try IntrospectionSchema(json: bytes, fileName: fileName).sdl(includeDescriptions: includeDescriptions)
    }
}
