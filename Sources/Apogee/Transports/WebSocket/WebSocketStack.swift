/// Where a ``GraphQLWebSocketTransport`` gets its sockets from.
///
/// ``urlSession`` is the default, and the stack of Apple platforms: apps link no SwiftNIO.
/// FoundationNetworking cannot open WebSockets, so on Linux name the `ApogeeNIOWebSocket`
/// product and its `.nio` stack:
///
/// ```swift
/// import ApogeeNIOWebSocket
///
/// let webSocket = GraphQLWebSocketTransport(url: endpoint, stack: .nio)
/// ```
public struct WebSocketStack: Sendable {
    package let connector: any WebSocketConnector
    /// The stack's name, for logs and the examples' first lines.
    public let name: String

    /// A stack that opens sockets with `connector`: the NIO stack's way in.
    package init(name: String, connector: any WebSocketConnector) {
        self.name = name
        self.connector = connector
    }

    /// `URLSessionWebSocketTask`. On Linux it refuses every socket with
    /// ``SubscriptionError/Code-swift.struct/upgradeFailed``, naming the `.nio` stack.
    public static var urlSession: WebSocketStack {
        WebSocketStack(name: "URLSession", connector: URLSessionWebSocketConnector())
    }
}
