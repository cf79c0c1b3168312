@testable import ApogeeAPI
@testable import Apogee
import ApogeeStore
import ApogeeExampleServer
import ClientFixtures
import TestSupport
import Testing

@Suite("GraphQL errors are results")
struct GraphQLResultTests {
    @Test("Errors with data null come back as a result, not a thrown error")
    func errorsWithNullData() async throws {
        try await withServer { server in
            // Booking without logging in fails the non-null bookTrips, so data is null.
            let result = try await server.client().perform(mutation: BookLaunchesMutation(ids: ["1"]))
            #expect(result.data == nil)
            let error = try #require(result.errors?.first)
            #expect(error.message.contains("logged in"))
            #expect(error.path == ["bookTrips"])
            #expect(error.locations?.isEmpty == false)
            #expect(result.source == .server)
            #expect(result.httpResponse?.status.kind == .successful || result.httpResponse?.status.kind == .clientError)
        }
    }

    @Test("Partial data and errors are delivered together")
    func partialData() async throws {
        try await withServer { server in
            let client = server.clientWithUnknownToken()
            let result = try await client.fetch(query: LaunchAndMeQuery(id: "1"))

            let data = try #require(result.data)
            #expect(data.launch?.id == "1")
            #expect(data.me == nil)
            let error = try #require(result.errors?.first)
            #expect(error.path == ["me"])
            #expect(result.errors?.count == 1)
        }
    }

    @Test("The result carries the HTTP status and header fields")
    func httpResponse() async throws {
        try await withServer { server in
            let result = try await server.client().fetch(query: LaunchSiteQuery(id: "2"))
            #expect(result.httpResponse?.status == .ok)
            let contentType = try #require(result.httpResponse?.headerFields[.contentType])
            #expect(contentType.hasPrefix("application/graphql-response+json") || contentType.hasPrefix("application/json"))
            #expect(result.data?.launch?.id == "2")
        }
    }

    @Test("A graphql-response+json body is a GraphQL response whatever the status")
    func graphQLResponseWithErrorStatus() async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"errors":[{"message":"Variable \"$id\" is invalid.","extensions":{"code":"BAD_USER_INPUT"}}]}"#, status: 400))
            let result = try await server.client().fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.httpResponse?.status.code == 400)
            #expect(result.data == nil)
            #expect(result.errors?.first?.code == "BAD_USER_INPUT")
        }
    }

    @Test(
        "The media type is read without regard to case, spaces or parameters",
        arguments: ["Application/GraphQL-Response+JSON; charset=UTF-8", "  application/graphql-response+json ;charset=utf-8", "APPLICATION/GRAPHQL-RESPONSE+JSON"]
    )
    func mediaTypeInAnyCase(contentType: String) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"errors":[{"message":"Bad input","extensions":{"code":"BAD_USER_INPUT"}}]}"#, status: 400, contentType: contentType))
            let result = try await server.client().fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.httpResponse?.status.code == 400)
            #expect(result.errors?.first?.code == "BAD_USER_INPUT")
        }
    }

    @Test("A media type that only starts like graphql-response+json is not one", arguments: ["application/graphql-response+jsonx", "application/graphql-response"])
    func mediaTypeThatOnlyStartsAlike(contentType: String) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"errors":[{"message":"Bad input"}]}"#, status: 400, contentType: contentType))
            let error = await #expect(throws: ApogeeError.self) {
                try await server.client(provider: DefaultInterceptorProvider(retry: nil)).fetch(query: LaunchSiteQuery(id: "1"))
            }
            #expect(error?.code == .httpStatus, "\(String(describing: error))")
            #expect(error?.httpResponse?.status.code == 400)
        }
    }

    @Test("A copy of a result is a value of its own: changing one leaves the other as it was")
    func copiesAreIndependent() throws {
        var original = GraphQLResult<LaunchSiteQuery.Data>(data: nil, source: .cache)
        original.expiredFields = [FieldKey(CacheKey("Launch:1"), "site")]
        var copy = original
        copy.expiredFields.append(FieldKey(CacheKey("Launch:1"), "id"))
        copy.missingPaths = [[.field("launch"), .field("site")]]
        copy.cacheWriteError = ApogeeError.noResult
        #expect(original.expiredFields == [FieldKey(CacheKey("Launch:1"), "site")])
        #expect(original.missingPaths.isEmpty && original.cacheWriteError == nil && original.isStale)
        #expect(copy.expiredFields.count == 2 && copy.missingPaths.count == 1 && copy.cacheWriteError != nil)
        // Emptying the copy's parts empties them for the copy alone.
        copy.expiredFields = []
        #expect(!copy.isStale && original.isStale)
        #expect(GraphQLResult<LaunchSiteQuery.Data>(data: nil).pendingIncrements.isEmpty)
    }

    @Test("An application/json error status with a GraphQL body is read as a GraphQL response")
    func legacyJSONErrorStatus() async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"errors":[{"message":"Syntax Error"}]}"#, status: 400, contentType: "application/json"))
            let result = try await server.client().fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.httpResponse?.status.code == 400)
            #expect(result.errors?.map(\.message) == ["Syntax Error"])
        }
    }
}
