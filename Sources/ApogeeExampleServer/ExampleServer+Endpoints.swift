import Hummingbird

extension ExampleServer {
    /// The schemas, each at its path with a context built from the request.
    static func makeEndpoints(rocketReserverStore: RocketReserverStore, todoStore: TodoStore, uploadStorage: UploadStorage) throws -> [GraphQLEndpoint] {
        let rocketReserver = try RocketReserverSchema.make()
        let todo = try TodoSchema.make()
        let uploads = try UploadsSchema.make()
        return [
            GraphQLEndpoint(path: "/graphql", schema: rocketReserver.schema, rootValue: RocketReserverResolver()) { headers, uploads in
                RocketReserverContext(store: rocketReserverStore, authorization: headers[.authorization], uploads: uploads)
            },
            GraphQLEndpoint(path: "/todo/graphql", schema: todo.schema, rootValue: TodoResolver()) { _, _ in
                TodoContext(store: todoStore)
            },
            GraphQLEndpoint(path: "/uploads/graphql", schema: uploads.schema, rootValue: UploadsResolver()) { _, uploads in
                UploadsContext(uploads: uploads, receivedCount: { uploadStorage.all.count })
            },
        ]
    }
}
