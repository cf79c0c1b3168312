@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import TestSupport
import Testing

@Suite("Responses that are not what the operation expects")
struct BadResponseTests {
    @Test("HTTP 500 with an HTML page is an HTTP error with the status and an excerpt", arguments: HTTPStack.all)
    func htmlErrorPage(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.htmlErrorPage(status: 500))
            let error = await server.client(stack).expectLaunchSiteFailure()
            guard let failure = error, failure.code == .httpStatus, let response = failure.httpResponse, let excerpt = failure.bodyExcerpt else {
                Issue.record("expected httpStatus, got \(String(describing: error))")
                return
            }
            #expect(response.status.code == 500)
            #expect(response.headerFields[.contentType]?.hasPrefix("text/html") == true)
            #expect(excerpt.contains("Internal Server Error"))
            #expect(excerpt.count <= 201)
            #expect(error?.description.contains("500") == true)
        }
    }

    @Test("A JSON error status whose body is not GraphQL is an HTTP error", arguments: HTTPStack.all)
    func jsonErrorThatIsNotGraphQL(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.httpStatus(502, body: #"{"message":"bad gateway"}"#, contentType: "application/json"))
            let error = await server.client(stack).expectLaunchSiteFailure()
            guard let failure = error, failure.code == .httpStatus, let response = failure.httpResponse, let excerpt = failure.bodyExcerpt else {
                Issue.record("expected httpStatus, got \(String(describing: error))")
                return
            }
            #expect(response.status.code == 502)
            #expect(excerpt == #"{"message":"bad gateway"}"#)
        }
    }

    @Test("Malformed JSON is an invalid response that says where the JSON broke", arguments: HTTPStack.all)
    func malformedJSON(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"data": {"launch": {"id": "1",}}"#))
            let error = await server.client(stack).expectLaunchSiteFailure()
            guard let failure = error, let parsingError = failure.invalidResponseReason?.parsingError, let response = failure.httpResponse, let excerpt = failure.bodyExcerpt else {
                Issue.record("expected malformed JSON, got \(String(describing: error))")
                return
            }
            #expect(parsingError.offset > 0)
            #expect(response.status == .ok)
            #expect(excerpt.hasPrefix(#"{"data": {"launch""#))
        }
    }

    @Test("JSON that is not a GraphQL response is an invalid response", arguments: HTTPStack.all)
    func notAGraphQLResponse(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"[1, 2, 3]"#))
            server.enqueueFault(.rawBody(#"{"result": "ok"}"#))
            server.enqueueFault(.rawBody("", contentType: "application/json"))
            let client = server.client(stack)
            for expected in ["not an object", "neither 'data' nor 'errors'", "empty"] {
                let error = await client.expectLaunchSiteFailure()
                guard let failure = error, failure.code == .invalidResponse, let reason = failure.invalidResponseReason else {
                    Issue.record("expected invalidResponse, got \(String(describing: error))")
                    continue
                }
                #expect(reason.description.contains(expected))
            }
        }
    }

    @Test("data null with no errors, or an empty list of them, is a typed error, not an empty success", arguments: HTTPStack.all)
    func nullDataWithoutErrors(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"data": null}"#))
            server.enqueueFault(.rawBody(#"{"data": null, "errors": []}"#))
            let client = server.client(stack)
            for _ in 0..<2 {
                let error = await client.expectLaunchSiteFailure()
                guard let failure = error, failure.code == .invalidResponse, let reason = failure.invalidResponseReason else {
                    Issue.record("expected invalidResponse, got \(String(describing: error))")
                    continue
                }
                #expect(reason == .nullDataWithoutErrors)
            }
            let records = try client.store.recordCount()
            #expect(records == 0)
        }
    }

    @Test("A field of the wrong type is a decoding error that names its path", arguments: HTTPStack.all)
    func wrongType(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"data":{"launch":{"__typename":"Launch","id":"1","site":42}}}"#))
            let error = await server.client(stack).expectLaunchSiteFailure()
            guard let failure = error, failure.code == .responseDecoding, let decodingError = failure.decodingError, case let graphQLErrors = failure.graphQLErrors else {
                Issue.record("expected responseDecoding, got \(String(describing: error))")
                return
            }
            #expect(decodingError.path == ["launch", "site"])
            #expect(decodingError.reason == .typeMismatch(expected: "a string", found: "a number"))
            #expect(graphQLErrors.isEmpty)
            #expect(error?.description.contains("launch.site") == true)
        }
    }

    @Test("Null where the schema says non-null is a decoding error that names its path", arguments: HTTPStack.all)
    func nullForNonNull(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"data":{"launch":{"__typename":"Launch","id":null,"site":"KSC"}},"errors":[{"message":"id failed"}]}"#))
            let error = await server.client(stack).expectLaunchSiteFailure()
            guard let failure = error, failure.code == .responseDecoding, let decodingError = failure.decodingError, case let graphQLErrors = failure.graphQLErrors else {
                Issue.record("expected responseDecoding, got \(String(describing: error))")
                return
            }
            #expect(decodingError.path == ["launch", "id"])
            #expect(decodingError.reason == .unexpectedNull)
            #expect(graphQLErrors.map(\.message) == ["id failed"])
        }
    }

    @Test("Bytes that are not UTF-8 are an invalid response, not a crash", arguments: HTTPStack.all)
    func invalidUTF8(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(bytes: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D], contentType: "application/json"))
            let error = await server.client(stack).expectLaunchSiteFailure()
            guard error?.code == .invalidResponse else {
                Issue.record("expected invalidResponse, got \(String(describing: error))")
                return
            }
        }
    }
}
