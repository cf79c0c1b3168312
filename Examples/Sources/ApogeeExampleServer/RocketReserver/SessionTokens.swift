import Crypto
import Foundation

/// Makes and checks RocketReserver session tokens: the user's email and a random nonce,
/// signed with HMAC-SHA256 under the server's secret.
///
/// Signed rather than remembered, so that a server started again with the same secret (the
/// `example-server` command's default) still accepts a login from before the restart: the
/// RocketReserver example's queued bookings are sent by a later run. Servers with different
/// secrets (each in-process test server draws its own) accept each other's tokens never.
struct SessionTokens: Sendable {
    private let secret: [UInt8]

    init(secret: [UInt8]) {
        self.secret = secret
    }

    /// A new token for `email`: a fresh nonce makes every login's token different.
    func issue(email: String) -> String {
        let payload = Self.base64URL(Array(email.utf8)) + "." + Self.base64URL(Self.randomBytes(16))
        return payload + "." + Self.base64URL(signature(of: payload))
    }

    /// The email a token was issued for, or `nil` when the token is malformed or its
    /// signature is not this server's.
    func email(from token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let email = Self.bytes(base64URL: parts[0]).flatMap({ String(bytes: $0, encoding: .utf8) }),
              let signature = Self.bytes(base64URL: parts[2])
        else { return nil }
        let expected = self.signature(of: parts[0] + "." + parts[1])
        // Compared in constant time: the example should not teach a timing leak.
        guard signature.count == expected.count, zip(signature, expected).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else { return nil }
        return email
    }

    /// `count` random bytes: a token's nonce, or a server's own secret when none is configured.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// HMAC-SHA256 of the payload under the secret.
    private func signature(of payload: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array(payload.utf8), using: SymmetricKey(data: secret)))
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func bytes(base64URL text: Substring) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map(Array.init)
    }
}
