import HTTPTypes
import HummingbirdWebSocket
import Logging
import NIOCore

/// Decides which WebSocket upgrades to accept: a GraphQL endpoint's path, with the
/// `graphql-transport-ws` subprotocol offered. Anything else gets no upgrade (Hummingbird
/// answers a refused upgrade with an HTTP error), and plain GET requests never come here.
enum GraphQLWebSocketUpgrade {
    static let subprotocol = "graphql-transport-ws"

    static func shouldUpgrade(
        endpoints: [GraphQLEndpoint],
        services: ServerServices,
        settings: GraphQLWebSocketConnection.Settings
    ) -> @Sendable (HTTPRequest, any Channel, Logger) async throws -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        { request, channel, _ in
            let path = request.path.map { $0.split(separator: "?", maxSplits: 1).first.map(String.init) ?? $0 } ?? ""
            guard let endpoint = endpoints.first(where: { $0.path == path }), offersSubprotocol(request.headerFields) else {
                return .dontUpgrade
            }
            return .upgrade([.secWebSocketProtocol: subprotocol]) { inbound, outbound, _ in
                let connection = GraphQLWebSocketConnection(
                    number: services.webSockets.makeNumber(),
                    endpoint: endpoint,
                    services: services,
                    settings: settings,
                    outbound: outbound,
                    channel: channel
                )
                guard services.webSockets.add(connection) else {
                    await connection.close(code: GraphQLWebSocketConnection.goingAwayCode, reason: GraphQLWebSocketConnection.shutdownReason)
                    return
                }
                await connection.run(inbound: inbound)
                services.webSockets.remove(number: connection.number)
            }
        }
    }

    /// Whether `Sec-WebSocket-Protocol` (a comma-separated list, possibly in several fields)
    /// names graphql-transport-ws.
    private static func offersSubprotocol(_ fields: HTTPFields) -> Bool {
        fields[values: .secWebSocketProtocol].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == subprotocol }
        }
    }
}
