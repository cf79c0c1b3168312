import Apogee

extension WebSocketStack {
    /// SwiftNIO, with swift-websocket's frame handler: the stack that opens WebSockets on Linux,
    /// whose FoundationNetworking cannot. It works on Apple platforms too.
    ///
    /// ```swift
    /// let webSocket = GraphQLWebSocketTransport(url: endpoint, stack: .nio)
    /// ```
    public static var nio: WebSocketStack {
        WebSocketStack(name: "SwiftNIO", connector: NIOWebSocketConnector())
    }
}
