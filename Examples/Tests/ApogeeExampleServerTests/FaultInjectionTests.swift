@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Each scripted fault, observed by a plain URLSession client over real HTTP.
@Suite struct FaultInjectionTests {
    static let query = "{ launch(id: 1) { id } }"

    @Test func htmlErrorPage() async throws {
        try await withServer { server in
            server.enqueueFault(.htmlErrorPage(status: 500))
            let response = try await HTTPClient().post(server.rocketReserverURL, query: Self.query)
            #expect(response.status == 500)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(response.text.contains("<html>"))
        }
    }

    @Test(arguments: [
        #"{"data": {"launch": {"id": "1"}"#,
        #"{"data": {"launch": {"id": 1}}}"#,
        #"{"data": {"launch": null}, "errors": [{"message": "boom"}]}"#,
        "\u{FEFF}not json at all",
    ])
    func rawBodyIsSentAsIs(body: String) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(body))
            let response = try await HTTPClient().post(server.rocketReserverURL, query: Self.query)
            #expect(response.status == 200)
            #expect(response.text == body)
            #expect(response.header("Content-Type")?.hasPrefix("application/graphql-response+json") == true)
        }
    }

    @Test(arguments: [429, 503])
    func retryAfter(status: Int) async throws {
        try await withServer { server in
            server.enqueueFault(.retryAfter(seconds: 2, status: status))
            let response = try await HTTPClient().post(server.rocketReserverURL, query: Self.query)
            #expect(response.status == status)
            #expect(response.header("Retry-After") == "2")
        }
    }

    @Test func redirectIsVisibleToAClientThatDoesNotFollow() async throws {
        try await withServer { server in
            server.enqueueFault(.redirect(to: "http://127.0.0.1:1/elsewhere"))
            let response = try await HTTPClient(followRedirects: false).post(server.rocketReserverURL, query: Self.query)
            #expect(response.status == 307)
            #expect(response.header("Location") == "http://127.0.0.1:1/elsewhere")
        }
    }

    @Test func redirectToAnotherServerIsFollowedThere() async throws {
        try await withServer { origin in
            try await withServer { other in
                origin.enqueueFault(.redirect(to: other.rocketReserverURL.absoluteString))
                _ = try await HTTPClient().post(origin.rocketReserverURL, query: Self.query, headers: ["X-Trace": "abc"])
                #expect(origin.recordedRequests.map(\.wasFaulted) == [true])
                // What arrives depends on the client: Linux URLSession keeps the method but
                // drops the body on a 307, so only the arrival itself is checked here.
                let arrived = try #require(other.recordedRequests.first)
                #expect(other.recordedRequests.count == 1)
                #expect(arrived.method == "POST")
                #expect(arrived.header("x-trace") == "abc")
            }
        }
    }

    @Test func delayLongerThanTheClientTimeoutTimesOut() async throws {
        try await withServer { server in
            server.enqueueFault(.delay(.seconds(30)))
            await #expect(throws: URLError.self) {
                _ = try await HTTPClient(timeout: 0.5).post(server.rocketReserverURL, query: Self.query)
            }
        }
    }

    @Test func shortDelayThenTheNormalAnswerOrAnotherFault() async throws {
        try await withServer { server in
            server.enqueueFaults([.delay(.milliseconds(20)), .delay(.milliseconds(20), then: .httpStatus(502))])
            let normal = try await HTTPClient().post(server.rocketReserverURL, query: Self.query)
            #expect(try normal.json[path: "data", "launch", "id"] == "1")
            let failed = try await HTTPClient().post(server.rocketReserverURL, query: Self.query)
            #expect(failed.status == 502)
        }
    }

    @Test func connectionClosedMidResponse() async throws {
        try await withServer { server in
            server.enqueueFault(.closeMidResponse())
            await #expect(throws: (any Error).self) {
                _ = try await HTTPClient().post(server.rocketReserverURL, query: Self.query)
            }
            #expect(server.recordedRequests.first?.wasFaulted == true)
            let next = try await HTTPClient().post(server.rocketReserverURL, query: Self.query)
            #expect(next.status == 200, "the server keeps serving after the cut")
        }
    }

    @Test func faultsAreUsedInOrderOnePerRequestOnEitherEndpoint() async throws {
        try await withServer { server in
            server.enqueueFaults([.httpStatus(500), .retryAfter(seconds: 1), .httpStatus(418, body: "teapot")])
            #expect(server.pendingFaultCount == 3)
            let client = HTTPClient()
            let first = try await client.post(server.rocketReserverURL, query: Self.query)
            let second = try await client.post(server.todoURL, query: "{ user { userId } }")
            let third = try await client.post(server.rocketReserverURL, query: Self.query)
            let fourth = try await client.post(server.rocketReserverURL, query: Self.query)
            #expect(first.status == 500)
            #expect(second.status == 503)
            #expect(third.text == "teapot")
            #expect(fourth.status == 200)
            #expect(server.pendingFaultCount == 0)
            #expect(server.recordedRequests.map(\.wasFaulted) == [true, true, true, false])
        }
    }

    @Test func pendingFaultsCanBeDropped() async throws {
        try await withServer { server in
            server.enqueueFault(.httpStatus(500))
            server.removePendingFaults()
            let response = try await HTTPClient().post(server.rocketReserverURL, query: Self.query)
            #expect(response.status == 200)
        }
    }
}
