import Foundation

/// A request that got no HTTP response.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, for code that decides whether to retry.
    public enum Kind: Sendable, Hashable {
        /// Nothing accepted the connection: refused, host not found, unreachable.
        case cannotConnect
        /// The connection broke before the whole response arrived.
        case connectionLost
        /// The response did not arrive within the request's timeout.
        case timedOut
        /// The response body was larger than the transport accepts.
        case responseTooLarge
        /// The TLS handshake failed: an untrusted or invalid certificate, say.
        case secureConnectionFailed
        /// Another failure of the underlying HTTP stack; ``TransportError/message`` says which.
        case other
    }

    /// The kind of failure.
    public var kind: Kind
    /// The URL the request was sent to.
    public var url: URL
    /// What the HTTP stack reported.
    public var message: String

    /// Creates a transport error; custom transports throw it wrapped in ``ApogeeError/transport(_:)``.
    public init(kind: Kind, url: URL, message: String) {
        self.kind = kind
        self.url = url
        self.message = message
    }

    /// Whether sending the same request again may succeed: not after a response too large or
    /// a certificate refused, which would fail the same way again.
    public var mayPassOnRetry: Bool {
        kind != .responseTooLarge && kind != .secureConnectionFailed
    }

    /// What failed and where.
    public var description: String {
        let what = switch kind {
        case .cannotConnect: "Could not connect to"
        case .connectionLost: "The connection was lost while talking to"
        case .timedOut: "Timed out waiting for"
        case .responseTooLarge: "The response was too large from"
        case .secureConnectionFailed: "Could not make a secure connection to"
        case .other: "The request failed for"
        }
        return "\(what) \(url.absoluteString): \(message)"
    }
}
