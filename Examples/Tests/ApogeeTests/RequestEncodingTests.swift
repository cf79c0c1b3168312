@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import Foundation
import HTTPTypes
import RocketReserverAPI
import TestSupport
import Testing

@Suite("GraphQL over HTTP requests")
struct RequestEncodingTests {
    @Test("A POST body has exactly query, operationName and variables, in declared order")
    func postBody() async throws {
        try await withServer { server in
            let result = try await server.client().fetch(query: LaunchPageQuery(pageSize: 3, after: nil))
            #expect(result.data?.launches.hasMore == true)

            let request = try #require(server.recordedRequests.first)
            #expect(request.method == "POST")
            #expect(request.header("Accept") == "application/graphql-response+json, application/json;q=0.9")
            #expect(request.header("Content-Type") == "application/json")
            let body = try server.recordedBody(at: 0)
            #expect(Set(body.keys) == ["query", "operationName", "variables"])
            #expect(body["query"] == .string(LaunchPageQuery.document))
            #expect(body["operationName"] == "LaunchPage")
            #expect(body["variables"] == ["pageSize": 3])
        }
    }

    @Test("Variables are written in the order the operation declares them")
    func variableOrder() async throws {
        try await withServer { server in
            let first = try await server.client().fetch(query: LaunchPageQuery(pageSize: 2, after: nil))
            let cursor = try #require(first.data?.launches.cursor)
            _ = try await server.client().fetch(query: LaunchPageQuery(pageSize: 2, after: .some(cursor)))

            let text = String(decoding: server.recordedRequests[1].body, as: UTF8.self)
            #expect(text.contains(#""variables":{"pageSize":2,"after":"\#(cursor)"}"#))
        }
    }

    @Test("Queries go as GET when configured, with the request in the URL")
    func getForQueries() async throws {
        try await withServer { server in
            let client = server.client(configuration: .init(useGETForQueries: true))
            let result = try await client.fetch(query: LaunchPageQuery(pageSize: 1, after: nil))
            #expect(result.data?.launches.hasMore == true)

            let request = try #require(server.recordedRequests.first)
            #expect(request.method == "GET")
            #expect(request.body.isEmpty)
            #expect(request.operationName == "LaunchPage")
            #expect(request.header("Content-Type") == nil)
        }
    }

    @Test("Mutations are never sent as GET, even when an interceptor asks")
    func mutationsNeverGET() async throws {
        try await withServer { server in
            let forceGET = ClosureInterceptor { _, _, method in method = .get }
            let client = server.client(provider: FixedInterceptorProvider([forceGET]), configuration: .init(useGETForQueries: true))
            let error = await #expect(throws: ApogeeError.self) {
                try await client.perform(mutation: SignInMutation(email: "get@example.com"))
            }
            guard let failure = error, failure.code == .invalidRequest, let reason = failure.reason else {
                Issue.record("expected invalidRequest, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("GET"))
            #expect(server.requestCount == 0)

            // With the client's GET setting alone, the mutation goes as POST.
            let plain = server.client(configuration: .init(useGETForQueries: true))
            let result = try await plain.perform(mutation: SignInMutation(email: "post@example.com"))
            #expect(result.data?.login?.token != nil)
            #expect(server.recordedRequests.map(\.method) == ["POST"])
        }
    }

    @Test("Configured header fields go with every request")
    func configuredHeaders() async throws {
        try await withServer { server in
            let client = server.client(configuration: .init(headers: [HTTPField.Name("X-Client-Name")!: "apogee-tests"]))
            _ = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            #expect(server.recordedRequests.first?.header("x-client-name") == "apogee-tests")
        }
    }
}
