import Apogee
#if os(Linux)
import ApogeeAsyncHTTPClient
import ApogeeNIOWebSocket
#endif

extension RocketReserverSession {
    /// SwiftNIO's WebSocket on Linux, whose FoundationNetworking has none; URLSession's on
    /// Apple platforms, which then link no NIO.
    static var webSocketStack: WebSocketStack {
        #if os(Linux)
        .nio
        #else
        .urlSession
        #endif
    }

    /// AsyncHTTPClient on Linux, where SwiftNIO is the native HTTP stack; URLSession on Apple
    /// platforms.
    static func makeHTTPTransport() -> any HTTPTransport {
        #if os(Linux)
        AsyncHTTPClientTransport()
        #else
        URLSessionTransport()
        #endif
    }
}
