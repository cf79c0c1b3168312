import Apogee
import AsyncHTTPClient
import NIOCore
import NIOSSL

extension AsyncHTTPClientTransport {
    /// Settings of an ``AsyncHTTPClientTransport``.
    public struct Configuration: Sendable {
        /// The largest whole response body accepted, after decompression; a larger one fails
        /// with `TransportError.Kind.responseTooLarge`. 64 MiB by default.
        ///
        /// A client the transport makes inflates a compressed body against this limit as it
        /// reads it, so a small body that inflates without end (a gzip bomb) fails at the
        /// limit, with memory never far past it. Streamed responses (server-sent events) are
        /// read as they arrive and have no total; subscriptions ask servers not to compress
        /// them (`Accept-Encoding: identity`), since the inflating counts every byte of a
        /// connection. A client passed in keeps its own decompression setting.
        public var maximumResponseSize: Int
        /// The TLS settings of every request: the certificates to trust, say. `nil` keeps the
        /// client's own, which trust the system's roots.
        public var tlsConfiguration: TLSConfiguration?
        /// How long opening a connection may take. Used by a client the transport makes.
        public var connectTimeout: Duration
        /// Whether HTTP/2 is used when a server offers it over TLS (`.automatic`, the default)
        /// or only HTTP/1.1. Used by a client the transport makes.
        public var httpVersion: HTTPClient.Configuration.HTTPVersion

        /// Creates settings; the defaults suit most apps.
        public init(
            maximumResponseSize: Int = defaultMaximumResponseSize,
            tlsConfiguration: TLSConfiguration? = nil,
            connectTimeout: Duration = .seconds(10),
            httpVersion: HTTPClient.Configuration.HTTPVersion = .automatic
        ) {
            self.maximumResponseSize = maximumResponseSize
            self.tlsConfiguration = tlsConfiguration
            self.connectTimeout = connectTimeout
            self.httpVersion = httpVersion
        }

        /// The configuration of a client the transport makes: Apogee follows redirects
        /// itself, and a connection that cannot be made fails the request at once, so the
        /// retry interceptor and the mutation queue decide when to try again.
        var clientConfiguration: HTTPClient.Configuration {
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: tlsConfiguration,
                redirectConfiguration: .disallow,
                timeout: HTTPClient.Configuration.Timeout(connect: TimeAmount(connectTimeout)),
                // Bounded where the bytes are inflated: a body counted only once inflated
                // could grow by a thousand times each read before `collect` saw it.
                decompression: .enabled(limit: .size(maximumResponseSize))
            )
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.httpVersion = httpVersion
            return configuration
        }
    }
}
