#if os(Linux)
import ApogeeExampleServer
import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate for `127.0.0.1` and `localhost`, signed by its own key and made fresh for a
/// test, so that an HTTPS test needs no files and no system tools.
struct SelfSignedCertificate {
    /// The certificate, PEM encoded.
    let certificatePEM: String
    /// Its private key, PEM encoded.
    let privateKeyPEM: String

    init() throws {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            CommonName("Apogee test server")
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3_600),
            notValidAfter: now.addingTimeInterval(3_600),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
            },
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        certificatePEM = try certificate.serializeAsPEM().pemString
        privateKeyPEM = key.pemRepresentation
    }

    /// What an example server presents to serve HTTPS with this certificate.
    var serverIdentity: ExampleServer.TLSIdentity {
        ExampleServer.TLSIdentity(certificateChainPEM: certificatePEM, privateKeyPEM: privateKeyPEM)
    }

    /// Client TLS settings that trust this certificate and nothing else.
    func trustingClientConfiguration() throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(certificatePEM.utf8)))
        return configuration
    }
}
#endif
