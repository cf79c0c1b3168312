import Foundation
import HTTPTypes

/// The header fields of a WebSocket upgrade request beyond the handshake's own.
///
/// Servers commonly accept a WebSocket only from their own origin (strawberry's default,
/// gorilla/websocket's `CheckOrigin`): they compare the `Origin` field's host and port with the
/// `Host` field. So the client sends the origin that a page served by the endpoint's own server
/// would send, port included, rather than none or one without the port.
package enum WebSocketUpgradeFields {
    /// The configuration's `headers`, with the endpoint's own `Origin` added when `sendsOrigin`
    /// is set and `headers` name none.
    static func fields(for url: URL, headers: HTTPFields, sendsOrigin: Bool) -> HTTPFields {
        var fields = headers
        if sendsOrigin, fields[.origin] == nil, let origin = origin(of: url) {
            fields[.origin] = origin
        }
        return fields
    }

    /// The web origin of the endpoint's server: `http://host:port` for `ws://`, `https://…`
    /// for `wss://`, without the port when it is the scheme's default.
    static func origin(of url: URL) -> String? {
        guard let origin = Origin(url) else { return nil }
        let secure = origin.scheme == "wss" || origin.scheme == "https"
        let scheme = secure ? "https" : "http"
        return "\(scheme)://\(authority(host: origin.host, port: origin.port, defaultPort: secure ? 443 : 80))"
    }

    /// `host:port` as `Host` and `Origin` write it: an IPv6 address in brackets, no port when
    /// it is the default.
    package static func authority(host: String, port: Int, defaultPort: Int) -> String {
        let host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return port == defaultPort ? host : "\(host):\(port)"
    }
}
