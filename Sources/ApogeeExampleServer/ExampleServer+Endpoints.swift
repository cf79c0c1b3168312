import Hummingbird

extension ExampleServer {
    /// The two schemas, each at its path with a context built from the request.
    static func makeEndpoints(rocketReserverStore: RocketReserverStore, todoStore: TodoStore) throws -> [GraphQLEndpoint] {
        let rocketReserver = try RocketReserverSchema.make()
        let todo = try TodoSchema.make()
        return [
            GraphQLEndpoint(path: "/graphql", schema: rocketReserver.schema, rootValue: RocketReserverResolver()) { headers, uploads in
                RocketReserverContext(store: rocketReserverStore, authorization: headers[.authorization], uploads: uploads)
            },
            GraphQLEndpoint(path: "/todo/graphql", schema: todo.schema, rootValue: TodoResolver()) { _, _ in
                TodoContext(store: todoStore)
            },
        ]
    }
}
