import ApogeeAPI

/// A schema as the introspection query returns it: the input of `fetch-schema` and of
/// generation from a JSON schema file. GraphQLSwift has no loader for it, so it is read here
/// and printed as SDL, which then goes through the same path as a `.graphqls` file.
struct IntrospectionSchema: Sendable {
    struct TypeReference: Sendable {
        var ref: TypeRef
    }

    struct InputValue: Sendable {
        var name: String
        var description: String?
        var type: TypeRef
        var defaultValue: String?
        var deprecationReason: String?
    }

    struct Field: Sendable {
        var name: String
        var description: String?
        var arguments: [InputValue]
        var type: TypeRef
        var deprecationReason: String?
    }

    struct EnumValue: Sendable {
        var name: String
        var description: String?
        var deprecationReason: String?
    }

    struct NamedType: Sendable {
        var kind: String
        var name: String
        var description: String?
        var specifiedByURL: String?
        var fields: [Field]
        var inputFields: [InputValue]
        var interfaces: [String]
        var possibleTypes: [String]
        var enumValues: [EnumValue]
    }

    struct Directive: Sendable {
        var name: String
        var description: String?
        var locations: [String]
        var arguments: [InputValue]
        var isRepeatable: Bool
    }

    var queryType: String?
    var mutationType: String?
    var subscriptionType: String?
    var types: [NamedType]
    var directives: [Directive]
}
