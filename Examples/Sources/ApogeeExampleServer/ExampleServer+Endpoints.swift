import Hummingbird

extension ExampleServer {
    /// The schemas, each at its path with a context built from the request.
    static func makeEndpoints(
        rocketReserverStore: RocketReserverStore,
        todoStore: TodoStore,
        counterStore: CounterStore,
        uploadStorage: UploadStorage
    ) throws -> [GraphQLEndpoint] {
        let rocketReserver = try RocketReserverSchema.make()
        let todo = try TodoSchema.make()
        let uploads = try UploadsSchema.make()
        let live = try LiveSchema.make()
        return [
            try GraphQLEndpoint(path: "/graphql", schema: rocketReserver.schema, rootValue: RocketReserverResolver()) { headers, uploads, lifetime in
                RocketReserverContext(store: rocketReserverStore, authorization: headers[.authorization], uploads: uploads, sourceLifetime: lifetime)
            },
            try GraphQLEndpoint(path: "/todo/graphql", schema: todo.schema, rootValue: TodoResolver()) { _, _, _ in
                TodoContext(store: todoStore)
            },
            try GraphQLEndpoint(path: "/uploads/graphql", schema: uploads.schema, rootValue: UploadsResolver()) { _, uploads, _ in
                UploadsContext(uploads: uploads, receivedCount: { uploadStorage.all.count })
            },
            try GraphQLEndpoint(path: "/live/graphql", schema: live.schema, rootValue: LiveResolver()) { _, _, lifetime in
                LiveContext(counters: counterStore, sourceLifetime: lifetime)
            },
        ]
    }
}
