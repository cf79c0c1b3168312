import Hummingbird

/// The routes of the example server: each GraphQL endpoint over GET and POST.
enum ExampleRouter {
    static func make(endpoints: [GraphQLEndpoint], services: ServerServices) -> Router<BasicRequestContext> {
        let router = Router()
        for endpoint in endpoints {
            let handler = GraphQLRequestHandler(endpoint: endpoint, services: services)
            router.post(RouterPath(endpoint.path)) { request, _ in try await handler.respond(to: request) }
            router.get(RouterPath(endpoint.path)) { request, _ in try await handler.respond(to: request) }
        }
        return router
    }
}
