import Foundation
import HTTPTypes

/// One open WebSocket, as the graphql-transport-ws client uses it: text frames both ways, and
/// how the socket ended. ``NIOWebSocketConnection`` (Linux) and
/// ``URLSessionWebSocketConnection`` (Apple platforms) implement it.
protocol WebSocketConnection: Sendable {
    /// The frames the server sends, in order, ending with how the socket closed.
    var incoming: AsyncStream<WebSocketIncoming> { get }
    /// Sends a text frame; a socket that has closed drops it.
    func send(_ text: String) async
    /// Closes the socket with a code and a reason.
    func close(code: UInt16, reason: String) async
}

/// What arrives on a socket.
enum WebSocketIncoming: Sendable {
    /// A text frame.
    case text(String)
    /// A binary frame, which graphql-transport-ws never sends.
    case binary
    /// A message larger than the connection's maximum message size, which was not read.
    case tooLarge
    /// The socket closed: the server's close code, or 1006 when it ended without one.
    case closed(code: UInt16, reason: String)
}

/// Opens WebSockets.
protocol WebSocketConnector: Sendable {
    /// Opens a socket to `url` asking for `subprotocol`. Throws ``SubscriptionError/upgradeFailed(_:)``
    /// when the server answered but refused the upgrade, and ``ApogeeError/transport(_:)`` when
    /// nothing could be reached.
    /// `handleText` sees each text frame first, on the socket's reading task; a frame it does
    /// not take goes to ``WebSocketConnection/incoming``.
    func connect(to url: URL, subprotocol: String, headers: HTTPFields, maximumMessageSize: Int, handleText: @escaping TextFrameHandler) async throws -> any WebSocketConnection
}

/// Looks at a text frame on the socket's own reading task, before it is queued on
/// ``WebSocketConnection/incoming``, and returns `true` when it dealt with the frame, which is
/// then not queued. It must be quick and must not block: the socket reads nothing meanwhile.
typealias TextFrameHandler = @Sendable (String) -> Bool

/// The platform's WebSocket: SwiftNIO's on Linux, where FoundationNetworking has none that
/// works, and `URLSessionWebSocketTask` on Apple platforms, which link no NIO.
enum PlatformWebSocket {
    static var connector: any WebSocketConnector {
        #if canImport(WSClient)
        NIOWebSocketConnector()
        #else
        URLSessionWebSocketConnector()
        #endif
    }
}
