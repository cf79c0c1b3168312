import Apogee
import ApogeeNIOWebSocket

extension WebSocketStack {
    /// The stack that opens WebSockets here: SwiftNIO's where FoundationNetworking has none
    /// (Linux), `URLSessionWebSocketTask` on Apple platforms, as an app would choose.
    public static var platform: WebSocketStack {
        #if canImport(FoundationNetworking)
        .nio
        #else
        .urlSession
        #endif
    }
}
