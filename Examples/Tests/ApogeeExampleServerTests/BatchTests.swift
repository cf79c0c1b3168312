@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// Batches in Apollo Server's format: an array of operations in, an array of results out.
@Suite struct BatchTests {
    @Test func aBatchIsAnsweredInOrderWithAnErrorInPlaceOfABadOperation() async throws {
        try await withServer { server in
            let body = #"[{"query":"query A { launch(id: 1) { id } }","operationName":"A"},{"query":"{ nope }"},{"operationName":"C","query":"query C { launch(id: 3) { id } }"}]"#
            let response = try await HTTPClient().post(server.rocketReserverURL, body: Data(body.utf8))
            #expect(response.status == 200)
            let results = try #require(try response.json.arrayValue)
            #expect(results.count == 3)
            #expect(results[0][path: "data", "launch", "id"] == "1")
            #expect(results[1][path: "data"] == nil)
            #expect(results[1][path: "errors", 0, "message"] != nil)
            #expect(results[2][path: "data", "launch", "id"] == "3")

            let recorded = try #require(server.recordedRequests.first)
            #expect(recorded.isBatch)
            #expect(recorded.batchedOperationNames == ["A", nil, "C"])
            #expect(recorded.operationName == nil)
        }
    }

    @Test func anEmptyBatchIsARequestError() async throws {
        try await withServer { server in
            let response = try await HTTPClient().post(server.rocketReserverURL, body: Data("[]".utf8))
            #expect(response.status == 400)
            #expect(try response.json[path: "errors", 0, "message"] != nil)
        }
    }

    @Test func anEntryThatIsNotAnObjectGetsItsOwnError() async throws {
        try await withServer { server in
            let response = try await HTTPClient().post(server.rocketReserverURL, body: Data(#"[42, {"query":"{ launch(id: 2) { id } }"}]"#.utf8))
            #expect(response.status == 200)
            let results = try #require(try response.json.arrayValue)
            #expect(results.count == 2)
            #expect(results[0][path: "errors", 0, "message"] != nil)
            #expect(results[1][path: "data", "launch", "id"] == "2")
        }
    }
}
