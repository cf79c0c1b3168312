import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// A reserved port stands for a server that is down: connections are refused until it is
/// released, and then a server can listen on it.
@Suite struct ReservedPortTests {
    @Test func refusesConnectionsUntilReleasedForAServer() async throws {
        let down = try ReservedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(down.port)/graphql"))
        await #expect(throws: (any Error).self) {
            _ = try await HTTPClient(timeout: 5).post(url, query: "{ __typename }")
        }
        try await ExampleServer.withServer(configuration: .init(port: down.release())) { server in
            #expect(server.port == down.port)
            let response = try await graphQL(server.rocketReserverURL, "{ __typename }")
            #expect(response[path: "data", "__typename"] == "Query")
        }
    }
}
