import Foundation
import HTTPTypes

/// One open WebSocket, as the graphql-transport-ws client uses it: text frames both ways, and
/// how the socket ended. `URLSessionWebSocketConnection` (Apple platforms) and
/// ApogeeNIOWebSocket's `NIOWebSocketConnection` implement it.
package protocol WebSocketConnection: Sendable {
    /// The frames the server sends, in order, ending with how the socket closed.
    var incoming: AsyncStream<WebSocketIncoming> { get }
    /// Sends a text frame; a socket that has closed drops it.
    func send(_ text: String) async
    /// Starts the closing handshake with a code and a reason; ``incoming`` ends when the peer
    /// answers, or when ``abort(reason:)`` gives up on it.
    func close(code: UInt16, reason: String) async
    /// Drops the connection at once, without waiting for the peer, and ends ``incoming`` with
    /// 1006: for a peer that never answers the closing handshake. Nothing happens when the
    /// socket has ended already.
    func abort(reason: String)
}

/// What arrives on a socket.
package enum WebSocketIncoming: Sendable {
    /// A text frame.
    case text(String)
    /// A binary frame, which graphql-transport-ws never sends.
    case binary
    /// A message larger than the connection's maximum message size, which was not read.
    case tooLarge
    /// The socket closed: the server's close code, or 1006 when it ended without one.
    case closed(code: UInt16, reason: String)
}

/// What a connector needs to open a socket.
package struct WebSocketOpening: Sendable {
    /// The `ws://` or `wss://` endpoint.
    package let url: URL
    /// The subprotocol to ask for; a server that accepts another, or none, fails the opening.
    package let subprotocol: String
    /// The upgrade request's fields beyond the handshake's own: `Origin` and the
    /// configuration's (``WebSocketUpgradeFields``).
    package let headers: HTTPFields
    /// The largest message read; a larger one arrives as ``WebSocketIncoming/tooLarge``.
    package let maximumMessageSize: Int
    /// How long a closing handshake may wait for the peer before the connection is dropped.
    package let closeTimeout: Duration
}

/// Opens WebSockets.
package protocol WebSocketConnector: Sendable {
    /// Opens a socket. Throws ``SubscriptionError/upgradeFailed(_:)`` when the server answered
    /// but refused the upgrade or accepted another subprotocol, and ``ApogeeError/transport(_:)``
    /// when nothing could be reached.
    /// `handleText` sees each text frame first, on the socket's reading task; a frame it does
    /// not take goes to ``WebSocketConnection/incoming``.
    func connect(_ opening: WebSocketOpening, handleText: @escaping TextFrameHandler) async throws -> any WebSocketConnection
}

/// Looks at a text frame on the socket's own reading task, before it is queued on
/// ``WebSocketConnection/incoming``, and returns `true` when it dealt with the frame, which is
/// then not queued. It must be quick and must not block: the socket reads nothing meanwhile.
package typealias TextFrameHandler = @Sendable (String) -> Bool
