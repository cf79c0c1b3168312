import Foundation

/// The origin of a URL (scheme, host and port), the unit that credentials are scoped to.
///
/// Two URLs with the same origin reach the same server as far as the web's security model is
/// concerned; the path does not matter, an explicit default port does not matter.
struct Origin: Hashable, Sendable {
    let scheme: String
    let host: String
    let port: Int

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        guard let port = url.port ?? Self.defaultPort(for: scheme) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    private static func defaultPort(for scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }

    /// Whether both URLs have an origin and it is the same one. A URL without a host has no
    /// origin, so it never matches: credentials are not sent where the destination is unclear.
    static func same(_ first: URL, _ second: URL) -> Bool {
        guard let first = Origin(first), let second = Origin(second) else { return false }
        return first == second
    }
}
