import Foundation

extension ExampleServer {
    /// The RocketReserver endpoint, `/graphql`.
    public var rocketReserverURL: URL { baseURL.appendingPathComponent("graphql") }

    /// The Todo endpoint, `/todo/graphql`.
    public var todoURL: URL { baseURL.appendingPathComponent("todo").appendingPathComponent("graphql") }

    /// The uploads endpoint, `/uploads/graphql`: lists of files and files in nested input objects.
    public var uploadsURL: URL { baseURL.appendingPathComponent("uploads").appendingPathComponent("graphql") }
}

extension ExampleServer {
    /// The live endpoint, `/live/graphql`: counters and streams for subscription tests, over
    /// HTTP, Server-Sent Events and graphql-transport-ws.
    public var liveURL: URL { baseURL.appendingPathComponent("live").appendingPathComponent("graphql") }

    /// `url` with the `ws` scheme (or `wss` for `https`), for a WebSocket client:
    /// `server.webSocketURL(for: server.liveURL)`.
    public func webSocketURL(for url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.scheme = components.scheme == "https" ? "wss" : "ws"
        return components.url ?? url
    }
}
