import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import NIOSSL

extension ExampleServer {
    /// The certificate and key an example server presents when it serves HTTPS.
    ///
    /// With one, the server speaks TLS and offers HTTP/2 and HTTP/1.1 through ALPN, so a client
    /// that can use HTTP/2 does. WebSocket upgrades are not served over TLS; Server-Sent
    /// Events are, over either version.
    public struct TLSIdentity: Sendable {
        /// The server's certificate first, then any intermediates, PEM encoded.
        public var certificateChainPEM: String
        /// The certificate's private key, PEM encoded.
        public var privateKeyPEM: String

        /// - Parameters:
        ///   - certificateChainPEM: the server's certificate and its intermediates, PEM encoded.
        ///   - privateKeyPEM: the certificate's private key, PEM encoded.
        public init(certificateChainPEM: String, privateKeyPEM: String) {
            self.certificateChainPEM = certificateChainPEM
            self.privateKeyPEM = privateKeyPEM
        }

        /// NIOSSL's server settings for this identity.
        func serverConfiguration() throws -> TLSConfiguration {
            let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificateChainPEM.utf8))
            let key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
            return TLSConfiguration.makeServerConfiguration(
                certificateChain: chain.map { .certificate($0) },
                privateKey: .privateKey(key)
            )
        }
    }

    /// The server's channel over TLS: HTTP/2 where the client negotiates it, HTTP/1.1
    /// otherwise, each connection or stream watched for its client leaving.
    static func httpsServer(_ identity: TLSIdentity) throws -> HTTPServerBuilder {
        try .http2Upgrade(
            tlsConfiguration: identity.serverConfiguration(),
            configuration: HTTP2UpgradeChannel.Configuration(
                streamConfiguration: HTTP1Channel.Configuration(additionalChannelHandlers: [InputClosedObserver()])
            )
        )
    }
}
