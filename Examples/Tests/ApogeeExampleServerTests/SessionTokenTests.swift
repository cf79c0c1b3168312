@testable import ApogeeAPI
import ApogeeExampleServer
import TestSupport
import Testing

/// RocketReserver logins are signed tokens: a server started again with the same secret
/// accepts them, any other server and any altered token do not.
@Suite struct SessionTokenTests {
    @Test func aLoginOutlivesARestartWithTheSameSecret() async throws {
        let configuration = ExampleServer.Configuration(sessionSecret: "shared secret")
        let token = try await ExampleServer.withServer(configuration: configuration) { try await logIn($0, email: "returning@example.com") }
        try await ExampleServer.withServer(configuration: configuration) { server in
            let response = try await graphQL(server.rocketReserverURL, "{ me { email } }", headers: ["Authorization": token])
            #expect(response[path: "data", "me", "email"] == "returning@example.com")
            #expect(response[path: "errors"] == nil)
        }
    }

    @Test func anotherSecretOrAnAlteredTokenIsRefused() async throws {
        let token = try await ExampleServer.withServer(configuration: .init(sessionSecret: "one")) { try await logIn($0) }
        try await ExampleServer.withServer(configuration: .init(sessionSecret: "two")) { server in
            let response = try await graphQL(server.rocketReserverURL, "{ me { id } }", headers: ["Authorization": token])
            #expect(response[path: "errors", 0, "extensions", "code"] == "UNAUTHENTICATED")
        }
        try await ExampleServer.withServer(configuration: .init(sessionSecret: "one")) { server in
            // Another user's email with the first user's signature.
            var parts = token.split(separator: ".").map(String.init)
            parts[0] = "b3RoZXJAZXhhbXBsZS5jb20"
            let forged = parts.joined(separator: ".")
            for bad in [forged, "not a token", token + "x", ""] {
                let response = try await graphQL(server.rocketReserverURL, "{ me { id } }", headers: ["Authorization": bad])
                #expect(response[path: "data", "me"] == .null, "\(bad) should not log anyone in")
            }
        }
    }
}
