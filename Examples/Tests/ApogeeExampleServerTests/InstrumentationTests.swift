@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// Request counts, recorded headers, the mutation delay switch and the mutation hold.
@Suite struct InstrumentationTests {
    @Test func countsRequestsInTotalAndByOperationName() async throws {
        try await withServer { server in
            #expect(server.requestCount == 0)
            _ = try await graphQL(server.rocketReserverURL, "query A { launch(id: 1) { id } }", operationName: "A")
            _ = try await graphQL(server.rocketReserverURL, "query A { launch(id: 1) { id } }", operationName: "A")
            _ = try await graphQL(server.todoURL, "query B { user { userId } }", operationName: "B")
            _ = try await graphQL(server.rocketReserverURL, "{ me { id } }")
            #expect(server.requestCount == 4)
            #expect(server.requestCount(operationName: "A") == 2)
            #expect(server.requestCount(operationName: "B") == 1)
            #expect(server.recordedRequests(operationName: "B").first?.path == "/todo/graphql")
            server.resetRecordedRequests()
            #expect(server.requestCount == 0)
        }
    }

    @Test func recordsHeadersSoTestsCanSeeWhetherAuthorizationWasSent() async throws {
        try await withServer { server in
            _ = try await graphQL(server.rocketReserverURL, "{ me { id } }", headers: ["Authorization": "Bearer secret"])
            _ = try await graphQL(server.rocketReserverURL, "{ me { id } }")
            let requests = server.recordedRequests
            #expect(requests.count == 2)
            #expect(requests.first?.header("Authorization") == "Bearer secret")
            #expect(requests.first?.headers["authorization"] == "Bearer secret")
            #expect(requests.last?.header("authorization") == nil)
            #expect(requests.first?.method == "POST")
            let body = try JSONValue(parsing: requests.first?.body ?? [])
            #expect(body[path: "query"] == "{ me { id } }")
        }
    }

    @Test func getRequestsRecordTheirOperationName() async throws {
        try await withServer { server in
            _ = try await HTTPClient().get(server.rocketReserverURL, parameters: ["query": "query C { launch(id: 2) { id } }", "operationName": "C"])
            #expect(server.requestCount(operationName: "C") == 1)
            #expect(server.recordedRequests.first?.method == "GET")
        }
    }

    @Test func mutationsStillAnswerWithADelayConfigured() async throws {
        try await withServer(.init(mutationDelay: .milliseconds(50))) { server in
            let token = try await logIn(server)
            #expect(!token.isEmpty)
            server.setMutationDelay(.zero)
            #expect(try await logIn(server) != token)
        }
    }

    /// The hold keeps a mutation back, not queries: a query sent while a mutation waits is
    /// answered first. Ordering only, no clock readings.
    @Test func aDelayedMutationIsOvertakenByAQuery() async throws {
        try await withServer { server in
            server.holdMutations()
            let order = Locked<[String]>([])
            async let mutation: Void = {
                _ = try await logIn(server)
                order.withLock { $0.append("mutation") }
            }()
            while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
            // The mutation is held until the query has its answer, however loaded the machine.
            _ = try await graphQL(server.rocketReserverURL, "{ launch(id: 1) { id } }")
            order.withLock { $0.append("query") }
            server.releaseMutations()
            try await mutation
            #expect(order.withLock { $0 } == ["query", "mutation"])
        }
    }
}
