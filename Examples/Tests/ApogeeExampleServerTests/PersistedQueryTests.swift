@testable import ApogeeAPI
import ApogeeExampleServer
import TestSupport
import Testing

/// Automatic persisted queries: a miss, then the document registered, then hash-only hits.
@Suite struct PersistedQueryTests {
    static let query = "query LaunchSite { launch(id: 7) { site } }"

    static func extensions(_ hash: String) -> JSONObject {
        ["persistedQuery": ["version": 1, "sha256Hash": .string(hash)]]
    }

    @Test func missThenRegisterThenHitOverPOST() async throws {
        try await withServer { server in
            let client = HTTPClient()
            let hash = SHA256.hexDigest(of: Self.query)

            let miss = try await client.post(server.rocketReserverURL, query: nil, extensions: Self.extensions(hash))
            #expect(miss.status == 200)
            #expect(try miss.json[path: "errors", 0, "message"] == "PersistedQueryNotFound")
            #expect(try miss.json[path: "errors", 0, "extensions", "code"] == "PERSISTED_QUERY_NOT_FOUND")

            let register = try await client.post(server.rocketReserverURL, query: Self.query, extensions: Self.extensions(hash))
            #expect(try register.json[path: "data", "launch", "site"] == "CCAFS SLC 40")

            let hit = try await client.post(server.rocketReserverURL, query: nil, extensions: Self.extensions(hash))
            #expect(try hit.json[path: "data", "launch", "site"] == "CCAFS SLC 40")
        }
    }

    @Test func hashOnlyGETWorksOnceRegistered() async throws {
        try await withServer { server in
            let client = HTTPClient()
            let hash = SHA256.hexDigest(of: Self.query)
            let parameters = ["extensions": JSONValue.object(Self.extensions(hash)).serializedString, "operationName": "LaunchSite"]
            let miss = try await client.get(server.rocketReserverURL, parameters: parameters)
            #expect(try miss.json[path: "errors", 0, "extensions", "code"] == "PERSISTED_QUERY_NOT_FOUND")
            _ = try await client.get(server.rocketReserverURL, parameters: parameters.merging(["query": Self.query]) { $1 })
            let hit = try await client.get(server.rocketReserverURL, parameters: parameters)
            #expect(hit.status == 200)
            #expect(try hit.json[path: "data", "launch", "site"] == "CCAFS SLC 40")
        }
    }

    @Test func aHashThatDoesNotMatchTheQueryIsRefused() async throws {
        try await withServer { server in
            let client = HTTPClient()
            let wrong = SHA256.hexDigest(of: "{ me { id } }")
            let response = try await client.post(server.rocketReserverURL, query: Self.query, extensions: Self.extensions(wrong))
            #expect(response.status == 400)
            #expect(try response.json[path: "data"] == nil)
            let later = try await client.post(server.rocketReserverURL, query: nil, extensions: Self.extensions(wrong))
            #expect(try later.json[path: "errors", 0, "message"] == "PersistedQueryNotFound", "a mismatch registers nothing")
        }
    }

    @Test func anInvalidDocumentIsNotRemembered() async throws {
        try await withServer { server in
            let client = HTTPClient()
            let invalid = "{ launch(id: 7) { nonsense } }"
            let hash = SHA256.hexDigest(of: invalid)
            let first = try await client.post(server.rocketReserverURL, query: invalid, extensions: Self.extensions(hash))
            #expect(first.status == 400)
            let again = try await client.post(server.rocketReserverURL, query: nil, extensions: Self.extensions(hash))
            #expect(try again.json[path: "errors", 0, "message"] == "PersistedQueryNotFound")
        }
    }

    @Test func hashesArePerEndpoint() async throws {
        try await withServer { server in
            let client = HTTPClient()
            let query = "{ __typename }"
            let hash = SHA256.hexDigest(of: query)
            _ = try await client.post(server.rocketReserverURL, query: query, extensions: Self.extensions(hash))
            let todo = try await client.post(server.todoURL, query: nil, extensions: Self.extensions(hash))
            #expect(try todo.json[path: "errors", 0, "message"] == "PersistedQueryNotFound")
        }
    }
}
