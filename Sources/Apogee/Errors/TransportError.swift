import Foundation

/// A request that got no HTTP response.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, for code that decides whether to retry. Compare with its static
    /// members (`error.kind == .timedOut`); a `switch` over it needs a `default`, since kinds
    /// may be added.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// Nothing accepted the connection: refused, host not found, unreachable.
        public static let cannotConnect = Kind("cannotConnect")
        /// The connection broke before the whole response arrived.
        public static let connectionLost = Kind("connectionLost")
        /// The response did not arrive within the request's timeout.
        public static let timedOut = Kind("timedOut")
        /// The response body was larger than the transport accepts.
        public static let responseTooLarge = Kind("responseTooLarge")
        /// The TLS handshake failed: an untrusted or invalid certificate, say.
        public static let secureConnectionFailed = Kind("secureConnectionFailed")
        /// Another failure of the underlying HTTP stack; ``TransportError/message`` says which.
        public static let other = Kind("other")

        /// The kind's name, as its static member spells it.
        public var description: String { name }
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
        default: "The request failed for"
        }
        return "\(what) \(url.absoluteString): \(message)"
    }
}
