import Hummingbird

/// The routes of the example server: each GraphQL endpoint over GET and POST. (WebSocket
/// upgrades on the same paths are decided before routing, in ``GraphQLWebSocketUpgrade``.)
enum ExampleRouter {
    static func make(endpoints: [GraphQLEndpoint], services: ServerServices) -> Router<ExampleRequestContext> {
        let router = Router(context: ExampleRequestContext.self)
        for endpoint in endpoints {
            let handler = GraphQLRequestHandler(endpoint: endpoint, services: services)
            router.post(RouterPath(endpoint.path)) { request, context in try await handler.respond(to: request, channel: context.channel) }
            router.get(RouterPath(endpoint.path)) { request, context in try await handler.respond(to: request, channel: context.channel) }
        }
        return router
    }
}
