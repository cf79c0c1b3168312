@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// GraphQL over HTTP: media types, status codes, GET for queries only.
@Suite struct HTTPProtocolTests {
    @Test func graphQLResponseJSONWhenAcceptedElseJSON() async throws {
        try await withServer { server in
            let client = HTTPClient()
            let modern = try await client.post(server.rocketReserverURL, query: "{ launch(id: 1) { id } }")
            #expect(modern.header("Content-Type")?.hasPrefix("application/graphql-response+json") == true)
            let legacy = try await client.post(server.rocketReserverURL, query: "{ launch(id: 1) { id } }", accept: "application/json")
            #expect(legacy.header("Content-Type")?.hasPrefix("application/json") == true)
            let wildcard = try await client.post(server.rocketReserverURL, query: "{ launch(id: 1) { id } }", accept: "*/*")
            #expect(wildcard.header("Content-Type")?.hasPrefix("application/json") == true)
            let preferJSON = try await client.post(
                server.rocketReserverURL,
                query: "{ launch(id: 1) { id } }",
                accept: "application/graphql-response+json;q=0.5, application/json"
            )
            #expect(preferJSON.header("Content-Type")?.hasPrefix("application/json") == true)
        }
    }

    @Test(arguments: ["{ launch(id: 1) { id ", "{ launch(id: 1) { nope } }", "query Q($id: ID!) { launch(id: $id) { id } }"])
    func requestErrorsAre400WithGraphQLResponseJSONAnd200WithJSON(query: String) async throws {
        try await withServer { server in
            let client = HTTPClient()
            let modern = try await client.post(server.rocketReserverURL, query: query)
            #expect(modern.status == 400)
            #expect(try modern.json[path: "data"] == nil, "a request error has no data entry")
            #expect(try modern.json[path: "errors", 0, "message"]?.stringValue?.isEmpty == false)
            let legacy = try await client.post(server.rocketReserverURL, query: query, accept: "application/json")
            #expect(legacy.status == 200)
            #expect(try legacy.json[path: "errors", 0, "message"] != nil)
        }
    }

    @Test func executionErrorsAre200WithData() async throws {
        try await withServer { server in
            let response = try await HTTPClient().post(server.rocketReserverURL, query: "{ me { id } launch(id: 2) { id } }", headers: ["Authorization": "unknown"])
            #expect(response.status == 200)
            #expect(try response.json[path: "data", "launch", "id"] == "2")
            #expect(try response.json[path: "errors", 0, "locations", 0, "line"] == 1)
        }
    }

    @Test func responseDataKeepsSelectionOrder() async throws {
        try await withServer { server in
            let response = try await HTTPClient().post(server.rocketReserverURL, query: "{ launch(id: 3) { site id isBooked } }")
            #expect(response.text == #"{"data":{"launch":{"site":"Kwajalein Atoll","id":"3","isBooked":false}}}"#)
        }
    }

    @Test func getServesQueriesAndRefusesMutations() async throws {
        try await withServer { server in
            let client = HTTPClient()
            let query = try await client.get(
                server.rocketReserverURL,
                parameters: ["query": "query One($id: ID!) { launch(id: $id) { id } }", "variables": #"{"id":"9"}"#, "operationName": "One"]
            )
            #expect(query.status == 200)
            #expect(try query.json[path: "data", "launch", "id"] == "9")

            let mutation = try await client.get(server.rocketReserverURL, parameters: ["query": #"mutation { login(email: "a@b.c") { token } }"#])
            #expect(mutation.status == 405)
            #expect(mutation.header("Allow") == "POST")
            #expect(server.requestCount == 2)
            let token = try await graphQL(server.rocketReserverURL, #"mutation { login(email: "a@b.c") { id } }"#)
            #expect(token[path: "data", "login", "id"] == "1", "the refused GET created no user")
        }
    }

    @Test func malformedBodiesAreRefusedWithClearErrors() async throws {
        try await withServer { server in
            let client = HTTPClient()
            let badJSON = try await client.post(server.rocketReserverURL, body: Data("{\"query\": ".utf8))
            #expect(badJSON.status == 400)
            #expect(try badJSON.json[path: "errors", 0, "message"]?.stringValue?.contains("not valid JSON") == true)
            // (An array is a batch, whose entries are checked one by one: see BatchTests.)
            let notObject = try await client.post(server.rocketReserverURL, body: Data("5".utf8))
            #expect(notObject.status == 400)
            let wrongType = try await client.post(server.rocketReserverURL, body: Data(#"{"query": 5}"#.utf8))
            #expect(wrongType.status == 400)
            let noQuery = try await client.post(server.rocketReserverURL, body: Data("{}".utf8))
            #expect(noQuery.status == 400)
            let text = try await client.post(server.rocketReserverURL, body: Data("{ me { id } }".utf8), contentType: "text/plain")
            #expect(text.status == 415)
        }
    }

    @Test func tooLargeBodiesAre413() async throws {
        try await withServer(.init(maximumBodySize: 1_000)) { server in
            let padding = String(repeating: " ", count: 2_000)
            let response = try await HTTPClient().post(server.rocketReserverURL, query: "{ me { id } }" + padding)
            #expect(response.status == 413)
        }
    }

    @Test func subscriptionsAreRefusedOverPlainHTTP() async throws {
        try await withServer { server in
            let response = try await HTTPClient().post(server.rocketReserverURL, query: "subscription { tripsBooked }")
            #expect(response.status == 400)
        }
    }

    @Test func operationNameSelectsTheOperation() async throws {
        try await withServer { server in
            let document = "query A { launch(id: 1) { id } } query B { launch(id: 2) { id } }"
            let response = try await graphQL(server.rocketReserverURL, document, operationName: "B")
            #expect(response[path: "data", "launch", "id"] == "2")
            let missing = try await HTTPClient().post(server.rocketReserverURL, query: document)
            #expect(missing.status == 400, "which operation to run is unknown")
        }
    }
}
