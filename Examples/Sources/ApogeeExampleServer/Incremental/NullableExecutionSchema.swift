import GraphQL

/// A copy of a schema in which every output field and list item is nullable, with the same
/// resolvers: the schema an incremental answer executes against.
///
/// In it an error nulls its own field and nothing above it, so the whole result keeps every
/// value that did not fail; ``IncrementalPlan`` then propagates nulls by the real schema's
/// types and stops them at the boundary of a deferred fragment or a streamed item, as an
/// executor of `@defer` and `@stream` does.
enum NullableExecutionSchema {
    static func make(from schema: GraphQLSchema) throws -> GraphQLSchema {
        let copies = Copies()
        for type in schema.typeMap.values where !type.name.hasPrefix("__") {
            if let object = type as? GraphQLObjectType {
                copies.objects[object.name] = try GraphQLObjectType(
                    name: object.name,
                    description: object.description,
                    fields: { try copies.fields(object.fields()) },
                    interfaces: { try object.interfaces().map(copies.interface) },
                    isTypeOf: object.isTypeOf
                )
            } else if let interface = type as? GraphQLInterfaceType {
                copies.interfaces[interface.name] = try GraphQLInterfaceType(
                    name: interface.name,
                    description: interface.description,
                    fields: { try copies.fields(interface.fields()) },
                    interfaces: { try interface.interfaces().map(copies.interface) },
                    resolveType: interface.resolveType
                )
            } else if let union = type as? GraphQLUnionType {
                copies.unions[union.name] = try GraphQLUnionType(
                    name: union.name,
                    description: union.description,
                    resolveType: union.resolveType,
                    types: { try union.types().map(copies.object) }
                )
            }
        }
        let copiedTypes: [GraphQLNamedType] = schema.typeMap.values.compactMap { type in
            guard !type.name.hasPrefix("__") else { return nil }
            return copies.objects[type.name] ?? copies.interfaces[type.name] ?? copies.unions[type.name] ?? type
        }
        return try GraphQLSchema(
            query: schema.queryType.map(copies.object),
            mutation: schema.mutationType.map(copies.object),
            subscription: schema.subscriptionType.map(copies.object),
            types: copiedTypes,
            directives: schema.directives
        )
    }

    /// The copied composite types by name, which the copies' field thunks look up once the
    /// schema asks for their fields.
    private final class Copies {
        var objects: [String: GraphQLObjectType] = [:]
        var interfaces: [String: GraphQLInterfaceType] = [:]
        var unions: [String: GraphQLUnionType] = [:]

        func object(_ type: GraphQLObjectType) -> GraphQLObjectType { objects[type.name] ?? type }
        func interface(_ type: GraphQLInterfaceType) -> GraphQLInterfaceType { interfaces[type.name] ?? type }

        func fields(_ fields: GraphQLFieldMap) -> GraphQLFieldMap {
            var copied = GraphQLFieldMap()
            for (name, field) in fields {
                copied[name] = GraphQLField(
                    type: nullable(field.type),
                    description: field.description,
                    deprecationReason: field.deprecationReason,
                    args: field.args,
                    resolve: field.resolve,
                    subscribe: field.subscribe
                )
            }
            return copied
        }

        /// `type` without non-null wrappers, its composite types replaced by their copies.
        func nullable(_ type: GraphQLOutputType) -> GraphQLOutputType {
            switch type {
            case let nonNull as GraphQLNonNull:
                return (nonNull.ofType as? GraphQLOutputType).map(nullable) ?? type
            case let list as GraphQLList:
                return (list.ofType as? GraphQLOutputType).map { GraphQLList(nullable($0)) } ?? type
            case let object as GraphQLObjectType:
                return self.object(object)
            case let interface as GraphQLInterfaceType:
                return self.interface(interface)
            case let union as GraphQLUnionType:
                return unions[union.name] ?? union
            default:
                return type
            }
        }
    }
}
