import NIOCore
import NIOPosix

/// Sends raw bytes over TCP and returns the response head as text, for what HTTP clients hide
/// (the `101 Switching Protocols` of a WebSocket upgrade and its headers).
enum RawHTTPExchange {
    static func responseHead(host: String = "127.0.0.1", port: Int, request: String) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request))
            var text = ""
            for try await buffer in inbound {
                text += String(buffer: buffer)
                if let end = text.range(of: "\r\n\r\n") { return String(text[..<end.lowerBound]) }
            }
            return text
        }
    }

    /// Sends `request`, then resets the connection (SO_LINGER 0) without reading a byte, as a
    /// client that crashes or loses its network right after asking.
    static func sendThenReset(host: String = "127.0.0.1", port: Int, request: String) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port).get()
        guard let options = channel as? SocketOptionProvider else {
            try await channel.close().get()
            throw ResetUnavailable()
        }
        try await options.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
        try await channel.writeAndFlush(ByteBuffer(string: request)).get()
        try await channel.close().get()
    }

    /// The channel cannot set SO_LINGER.
    struct ResetUnavailable: Error {}

    /// A WebSocket upgrade request for `path`, offering `subprotocol` when given.
    static func upgradeRequest(path: String, port: Int, subprotocol: String?) -> String {
        var lines = [
            "GET \(path) HTTP/1.1",
            "Host: 127.0.0.1:\(port)",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13",
        ]
        if let subprotocol { lines.append("Sec-WebSocket-Protocol: \(subprotocol)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }
}
