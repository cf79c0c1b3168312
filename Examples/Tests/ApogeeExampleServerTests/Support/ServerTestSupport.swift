@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import Testing

/// Sends one GraphQL request and returns the parsed response body, expecting HTTP 200.
func graphQL(
    _ url: URL,
    _ query: String,
    operationName: String? = nil,
    variables: JSONObject? = nil,
    headers: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> JSONValue {
    let result = try await HTTPClient().post(url, query: query, operationName: operationName, variables: variables, headers: headers)
    #expect(result.status == 200, "HTTP \(result.status): \(result.text)", sourceLocation: sourceLocation)
    return try result.json
}

/// Logs in on the RocketReserver endpoint and returns the token.
func logIn(_ server: ExampleServer, email: String = "astronaut@example.com") async throws -> String {
    let response = try await graphQL(
        server.rocketReserverURL,
        "mutation Login($email: String) { login(email: $email) { token } }",
        operationName: "Login",
        variables: ["email": .string(email)]
    )
    return try #require(response[path: "data", "login", "token"]?.stringValue)
}

/// The shared example schemas, read where the repository's sibling `shared/` folder keeps them.
enum SharedSchemas {
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // ApogeeExampleServerTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // Examples
            .deletingLastPathComponent()  // the repository
            .deletingLastPathComponent()
            .appendingPathComponent("shared/schemas")
    }

    static func sdl(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }
}
