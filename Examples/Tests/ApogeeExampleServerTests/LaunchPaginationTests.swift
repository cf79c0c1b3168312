@testable import ApogeeAPI
import ApogeeExampleServer
import TestSupport
import Testing

/// `launches(pageSize:after:)`: newest first, cursor pages, `hasMore`.
@Suite struct LaunchPaginationTests {
    static let page = "query Page($size: Int, $after: String) { launches(pageSize: $size, after: $after) { cursor hasMore launches { id } } }"

    @Test func firstPageHasTwentyNewestLaunches() async throws {
        try await withServer { server in
            let response = try await graphQL(server.rocketReserverURL, Self.page)
            let ids = try #require(response[path: "data", "launches", "launches"]?.arrayValue).compactMap { $0[path: "id"]?.stringValue }
            #expect(ids == (81...100).reversed().map(String.init))
            #expect(response[path: "data", "launches", "hasMore"] == true)
        }
    }

    @Test func walkingEveryPageVisitsEachLaunchOnceNewestFirst() async throws {
        try await withServer { server in
            var ids: [Int] = []
            var cursor: String?
            var pages = 0
            repeat {
                var variables: JSONObject = ["size": 30]
                if let cursor { variables["after"] = .string(cursor) }
                let connection = try #require(try await graphQL(server.rocketReserverURL, Self.page, variables: variables)[path: "data", "launches"])
                ids += (connection[path: "launches"]?.arrayValue ?? []).compactMap { $0[path: "id"]?.stringValue.flatMap { Int($0) } }
                cursor = connection[path: "cursor"]?.stringValue
                pages += 1
                if connection[path: "hasMore"] == false { break }
            } while pages < 10
            #expect(pages == 4)
            #expect(ids == Array((1...100).reversed()))
        }
    }

    @Test func badArgumentsAreGraphQLErrors() async throws {
        try await withServer { server in
            let zero = try await graphQL(server.rocketReserverURL, Self.page, variables: ["size": 0])
            #expect(zero[path: "errors", 0, "extensions", "code"] == "BAD_USER_INPUT")
            let forged = try await graphQL(server.rocketReserverURL, Self.page, variables: ["after": "nonsense"])
            #expect(forged[path: "errors", 0, "path"] == ["launches"])
        }
    }
}
