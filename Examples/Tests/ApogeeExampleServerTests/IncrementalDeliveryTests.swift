@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// `@defer` and `@stream` over `multipart/mixed`, in both formats, read from the raw bytes.
@Suite(.timeLimit(.minutes(10))) struct IncrementalDeliveryTests {
    static let current = "multipart/mixed; incrementalSpec=v0.2, application/json;q=0.9"
    static let legacy = "multipart/mixed; deferSpec=20220824, application/json;q=0.9"

    /// Posts to the RocketReserver endpoint and splits the parts, checking the framing.
    static func exchange(
        _ server: ExampleServer,
        _ query: String,
        variables: JSONObject? = nil,
        accept: String = current,
        headers: [String: String] = [:]
    ) async throws -> (MultipartExchange, MultipartParts) {
        let response = try await MultipartExchange.post(port: server.port, query: query, variables: variables, accept: accept, headers: headers)
        return (response, MultipartParts(response.text))
    }

    static func expectMultipart(
        _ response: MultipartExchange,
        _ parts: MultipartParts,
        spec: String = "incrementalSpec=v0.2",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(response.status == 200, sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == #"multipart/mixed; boundary="-"; \#(spec)"#, sourceLocation: sourceLocation)
        #expect(response.text.hasPrefix("\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n{"), sourceLocation: sourceLocation)
        #expect(response.text.hasSuffix("}\r\n-----\r\n"), sourceLocation: sourceLocation)
        #expect(parts.closed && parts.malformed.isEmpty, "\(parts.malformed)", sourceLocation: sourceLocation)
        #expect(response.endedCleanly, sourceLocation: sourceLocation)
    }

    // MARK: @defer

    @Test func deferredFragmentComesAfterTheInitialPayload() async throws {
        try await withServer { server in
            let (response, parts) = try await Self.exchange(
                server, #"{ launch(id: "1") { id ... @defer(label: "Mission") { site mission { name } } } }"#)
            Self.expectMultipart(response, parts)
            try #require(parts.payloads.count == 2)
            let initial = parts.payloads[0]
            #expect(initial[path: "data"] == ["launch": ["id": "1"]])
            #expect(initial[path: "pending"] == [["id": "0", "path": ["launch"], "label": "Mission"]])
            #expect(initial[path: "hasNext"] == true)
            let deferred = parts.payloads[1]
            #expect(deferred[path: "incremental", 0, "id"] == "0")
            #expect(deferred[path: "incremental", 0, "data", "site"]?.stringValue?.isEmpty == false)
            #expect(deferred[path: "incremental", 0, "data", "mission", "name"]?.stringValue?.isEmpty == false)
            #expect(deferred[path: "incremental", 0, "data", "id"] == nil)
            #expect(deferred[path: "incremental", 0, "subPath"] == nil)
            #expect(deferred[path: "completed"] == [["id": "0"]])
            #expect(deferred[path: "hasNext"] == false)
        }
    }

    @Test func oldFormatSendsTheFragmentWholeByPath() async throws {
        try await withServer { server in
            let (response, parts) = try await Self.exchange(
                server, #"{ launch(id: "1") { id ... @defer(label: "Mission") { id site } } }"#, accept: Self.legacy)
            Self.expectMultipart(response, parts, spec: "deferSpec=20220824")
            try #require(parts.payloads.count == 2)
            #expect(parts.payloads[0] == ["data": ["launch": ["id": "1"]], "hasNext": true])
            let entry = try #require(parts.payloads[1][path: "incremental", 0])
            #expect(entry[path: "path"] == ["launch"])
            #expect(entry[path: "label"] == "Mission")
            // No deduplication in this format: the fragment's `id` comes again.
            #expect(entry[path: "data", "id"] == "1")
            #expect(entry[path: "data", "site"]?.stringValue?.isEmpty == false)
            #expect(entry[path: "id"] == nil)
            #expect(parts.payloads[1][path: "hasNext"] == false)
            #expect(parts.payloads[1][path: "pending"] == nil)
        }
    }

    @Test func fieldsAlreadySentAreNotRepeatedAndGoBelowTheirObject() async throws {
        try await withServer { server in
            let (response, parts) = try await Self.exchange(
                server, #"{ launch(id: "2") { id } ... @defer { launch(id: "2") { id site } } }"#)
            Self.expectMultipart(response, parts)
            try #require(parts.payloads.count == 2)
            #expect(parts.payloads[0][path: "pending"] == [["id": "0", "path": []]])
            let entry = parts.payloads[1][path: "incremental", 0]
            #expect(entry?[path: "subPath"] == ["launch"])
            #expect(entry?[path: "data", "id"] == nil)
            #expect(entry?[path: "data", "site"]?.stringValue?.isEmpty == false)
        }
    }

    @Test(arguments: [current, legacy])
    func nestedDeferComesAfterItsParent(accept: String) async throws {
        try await withServer { server in
            let query = #"{ launch(id: "1") { id ... @defer(label: "outer") { site ... @defer(label: "inner") { rocket { name } } } } }"#
            let (response, parts) = try await Self.exchange(server, query, accept: accept)
            Self.expectMultipart(response, parts, spec: accept == Self.current ? "incrementalSpec=v0.2" : "deferSpec=20220824")
            try #require(parts.payloads.count == 3)
            #expect(parts.payloads.map { $0[path: "hasNext"] } == [true, true, false])
            if accept == Self.current {
                #expect(parts.payloads[0][path: "pending"] == [["id": "0", "path": ["launch"], "label": "outer"]])
                #expect(parts.payloads[1][path: "pending"] == [["id": "1", "path": ["launch"], "label": "inner"]])
                #expect(parts.payloads[1][path: "incremental", 0, "id"] == "0")
                #expect(parts.payloads[1][path: "incremental", 0, "data", "rocket"] == nil)
                #expect(parts.payloads[2][path: "incremental", 0, "id"] == "1")
                #expect(parts.payloads[2][path: "completed"] == [["id": "1"]])
            } else {
                #expect(parts.payloads[1][path: "incremental", 0, "label"] == "outer")
                #expect(parts.payloads[2][path: "incremental", 0, "label"] == "inner")
            }
            #expect(parts.payloads[2][path: "incremental", 0, "data", "rocket", "name"]?.stringValue?.isEmpty == false)
            #expect(parts.payloads[1][path: "incremental", 0, "data", "site"]?.stringValue?.isEmpty == false)
        }
    }

    @Test(arguments: [current, legacy])
    func deferInsideAListGivesOnePayloadPerItem(accept: String) async throws {
        try await withServer { server in
            let query = "{ launches(pageSize: 3) { launches { id ... @defer { site } } } }"
            let (response, parts) = try await Self.exchange(server, query, accept: accept)
            Self.expectMultipart(response, parts, spec: accept == Self.current ? "incrementalSpec=v0.2" : "deferSpec=20220824")
            try #require(parts.payloads.count == 4)
            let items = try #require(parts.payloads[0][path: "data", "launches", "launches"]?.arrayValue)
            #expect(items.count == 3)
            #expect(items.allSatisfy { $0[path: "site"] == nil && $0[path: "id"] != nil })
            if accept == Self.current {
                let pending = try #require(parts.payloads[0][path: "pending"]?.arrayValue)
                #expect(pending.map { $0[path: "path"] } == (0..<3).map { .array(["launches", "launches", .int($0)]) })
                #expect(parts.payloads.dropFirst().map { $0[path: "completed", 0, "id"] } == ["0", "1", "2"])
            } else {
                #expect(parts.payloads.dropFirst().map { $0[path: "incremental", 0, "path"] } == (0..<3).map { .array(["launches", "launches", .int($0)]) })
            }
            #expect(parts.payloads.dropFirst().allSatisfy { $0[path: "incremental", 0, "data", "site"]?.stringValue?.isEmpty == false })
        }
    }

    // MARK: @stream

    @Test(arguments: [0, 2])
    func streamSendsTheRestOneItemAtATime(initialCount: Int) async throws {
        try await withServer { server in
            let query = "{ launches(pageSize: 4) { launches @stream(label: \"rest\", initialCount: \(initialCount)) { id } } }"
            let (response, parts) = try await Self.exchange(server, query)
            Self.expectMultipart(response, parts)
            let streamed = 4 - initialCount
            try #require(parts.payloads.count == 1 + streamed)
            #expect(parts.payloads[0][path: "data", "launches", "launches"]?.arrayValue?.count == initialCount)
            #expect(parts.payloads[0][path: "pending"] == [["id": "0", "path": ["launches", "launches"], "label": "rest"]])
            for payload in parts.payloads.dropFirst() {
                #expect(payload[path: "incremental", 0, "id"] == "0")
                #expect(payload[path: "incremental", 0, "items"]?.arrayValue?.count == 1)
                #expect(payload[path: "incremental", 0, "items", 0, "id"] != nil)
            }
            #expect(parts.payloads.last?[path: "completed"] == [["id": "0"]])
            #expect(parts.payloads.dropLast().allSatisfy { $0[path: "completed"] == nil })
        }
    }

    @Test func oldFormatStreamPathsEndWithTheItemIndex() async throws {
        try await withServer { server in
            let query = "{ launches(pageSize: 4) { launches @stream(initialCount: 2) { id } } }"
            let (response, parts) = try await Self.exchange(server, query, accept: Self.legacy)
            Self.expectMultipart(response, parts, spec: "deferSpec=20220824")
            try #require(parts.payloads.count == 3)
            #expect(parts.payloads[0][path: "data", "launches", "launches"]?.arrayValue?.count == 2)
            #expect(parts.payloads[1][path: "incremental", 0, "path"] == ["launches", "launches", 2])
            #expect(parts.payloads[2][path: "incremental", 0, "path"] == ["launches", "launches", 3])
            #expect(parts.payloads[2][path: "incremental", 0, "items", 0, "id"] != nil)
            #expect(parts.payloads.map { $0[path: "hasNext"] } == [true, true, false])
        }
    }

    // MARK: Negotiation

    @Test func withoutMultipartInAcceptTheAnswerIs406() async throws {
        try await withServer { server in
            let response = try await MultipartExchange.post(
                port: server.port, query: #"{ launch(id: "1") { id ... @defer { site } } }"#, accept: "application/graphql-response+json, application/json")
            #expect(response.status == 406)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            let json = try JSONValue(parsing: response.text)
            #expect(json[path: "errors", 0, "message"]?.stringValue?.contains("multipart/mixed") == true)
            #expect(json[path: "data"] == nil)
        }
    }

    @Test func ifFalseAnswersPlainJSON() async throws {
        try await withServer { server in
            let response = try await MultipartExchange.post(
                port: server.port,
                query: #"query($later: Boolean!) { launch(id: "1") { id ... @defer(if: $later) { site } } }"#,
                variables: ["later": false],
                accept: Self.current)
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            let json = try JSONValue(parsing: response.text)
            #expect(json[path: "data", "launch", "id"] == "1")
            #expect(json[path: "data", "launch", "site"]?.stringValue?.isEmpty == false)
            #expect(json[path: "hasNext"] == nil)
        }
    }

    @Test func operationsWithoutTheDirectivesAreAnsweredAsBefore() async throws {
        try await withServer { server in
            let response = try await MultipartExchange.post(port: server.port, query: #"{ launch(id: "1") { id } }"#, accept: Self.current)
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        }
    }

    @Test(arguments: [
        ("multipart/mixed; deferSpec=20220824, multipart/mixed; incrementalSpec=v0.2", "deferSpec=20220824"),
        ("multipart/mixed;incrementalSpec=v0.2 , multipart/mixed ; DEFERSPEC=20220824", "incrementalSpec=v0.2"),
        ("multipart/mixed; deferSpec=20220824; q=0.5, multipart/mixed; incrementalSpec=v0.2", "incrementalSpec=v0.2"),
        ("application/json, multipart/mixed", "incrementalSpec=v0.2"),
        ("Multipart/Mixed; DeferSpec=20220824", "deferSpec=20220824"),
    ])
    func acceptPicksTheFormat(accept: String, spec: String) async throws {
        try await withServer { server in
            let (response, parts) = try await Self.exchange(server, #"{ launch(id: "1") { id ... @defer { site } } }"#, accept: accept)
            Self.expectMultipart(response, parts, spec: spec)
            #expect(parts.payloads.count == 2)
        }
    }

    @Test func aMutationRunsOnceThenSplits() async throws {
        try await withServer { server in
            let (response, parts) = try await Self.exchange(
                server, #"mutation { login(email: "defer@example.com") { id ... @defer { email } } }"#)
            Self.expectMultipart(response, parts)
            try #require(parts.payloads.count == 2)
            #expect(parts.payloads[1][path: "incremental", 0, "data", "email"] == "defer@example.com")
        }
    }

    // MARK: Errors

    @Test(arguments: [current, legacy])
    func aNullReachingTheFragmentsBoundaryFailsTheFragmentOnly(accept: String) async throws {
        try await withServer { server in
            // `launches` is non-null and fails: its null would reach `data` but stops at the fragment.
            let query = #"{ launch(id: "1") { id } ... @defer(label: "Broken") { launches(pageSize: 0) { cursor } } }"#
            let (response, parts) = try await Self.exchange(server, query, accept: accept)
            Self.expectMultipart(response, parts, spec: accept == Self.current ? "incrementalSpec=v0.2" : "deferSpec=20220824")
            try #require(parts.payloads.count == 2)
            #expect(parts.payloads[0][path: "data"] == ["launch": ["id": "1"]])
            #expect(parts.payloads[0][path: "errors"] == nil)
            let failed = parts.payloads[1]
            if accept == Self.current {
                #expect(failed[path: "incremental"] == nil)
                #expect(failed[path: "completed", 0, "id"] == "0")
                #expect(failed[path: "completed", 0, "errors", 0, "path"] == ["launches"])
                #expect(failed[path: "completed", 0, "errors", 0, "locations"] != nil)
            } else {
                #expect(failed[path: "incremental", 0, "data"] == .null)
                #expect(failed[path: "incremental", 0, "path"] == [])
                #expect(failed[path: "incremental", 0, "errors", 0, "path"] == ["launches"])
            }
        }
    }

    @Test func aFieldErrorInsideTheFragmentTravelsWithItsData() async throws {
        try await withServer { server in
            // `me` is nullable: an unknown token makes it null with an error, inside the fragment.
            let query = #"{ launch(id: "1") { id } ... @defer { me { id } launch(id: "1") { site } } }"#
            let (response, parts) = try await Self.exchange(server, query, headers: ["Authorization": "not-a-token"])
            Self.expectMultipart(response, parts)
            try #require(parts.payloads.count == 2)
            #expect(parts.payloads[0][path: "errors"] == nil)
            let entries = try #require(parts.payloads[1][path: "incremental"]?.arrayValue)
            let root = try #require(entries.first { $0[path: "subPath"] == nil })
            #expect(root[path: "data"] == ["me": .null])
            #expect(root[path: "errors", 0, "path"] == ["me"])
            // The error's location is in the text the client sent (`me` at column 39).
            #expect(root[path: "errors", 0, "locations"] == [["line": 1, "column": 39]])
            #expect(entries.contains { $0[path: "subPath"] == ["launch"] && $0[path: "data", "site"] != nil })
            #expect(parts.payloads[1][path: "completed"] == [["id": "0"]])
        }
    }

    // MARK: Timing

    @Test func theInitialPayloadArrivesBeforeTheRest() async throws {
        var configuration = ExampleServer.Configuration()
        // Far longer than the test: the second part must not be what the client waits for.
        configuration.incrementalDelay = .seconds(3600)
        try await withServer(configuration) { server in
            let response = try await MultipartExchange.post(
                port: server.port, query: #"{ launch(id: "1") { id ... @defer { site } } }"#, accept: Self.current,
                stop: { body in MultipartParts(String(decoding: body, as: UTF8.self)).payloads.count == 1 })
            let parts = MultipartParts(response.text)
            #expect(parts.payloads.count == 1)
            #expect(parts.payloads.first?[path: "hasNext"] == true)
            #expect(!parts.closed)
            #expect(!response.endedCleanly)
        }
    }

    // MARK: Faults

    static let deferQuery = #"{ launch(id: "1") { id ... @defer { site } ... @defer { mission { name } } } }"#

    @Test func cutInPart() async throws {
        try await withServer { server in
            server.enqueueFault(.incrementalCutInPart)
            let (response, parts) = try await Self.exchange(server, Self.deferQuery)
            #expect(response.status == 200)
            #expect(!response.endedCleanly)
            #expect(parts.payloads.count == 1)
            #expect(!parts.closed)
            #expect(parts.malformed.count == 1)
            #expect(parts.malformed.first?.hasPrefix(MultipartParts.partHeader) == true)
        }
    }

    @Test func badBoundary() async throws {
        try await withServer { server in
            server.enqueueFault(.incrementalBadBoundary)
            let (response, _) = try await Self.exchange(server, Self.deferQuery)
            #expect(response.endedCleanly)
            #expect(response.text.contains("}\r\n--x\r\ncontent-type: application/json; charset=utf-8\r\n\r\n{"))
            #expect(response.text.hasSuffix("\r\n-----\r\n"))
            #expect(response.text.components(separatedBy: "\r\n---\r\n").count == 3)
        }
    }

    @Test func unknownID() async throws {
        try await withServer { server in
            server.enqueueFault(.incrementalUnknownID)
            let (response, parts) = try await Self.exchange(server, Self.deferQuery)
            Self.expectMultipart(response, parts)
            try #require(parts.payloads.count == 3)
            #expect(parts.payloads[0][path: "pending"]?.arrayValue?.map { $0[path: "id"] } == ["0", "1"])
            #expect(parts.payloads[1][path: "incremental", 0, "id"] == "99")
            #expect(parts.payloads[2][path: "incremental", 0, "id"] == "1")
        }
    }

    @Test func neverEnds() async throws {
        try await withServer { server in
            server.enqueueFault(.incrementalNeverEnds)
            let (response, parts) = try await Self.exchange(server, Self.deferQuery)
            Self.expectMultipart(response, parts)
            #expect(parts.payloads.count == 3)
            #expect(parts.payloads.allSatisfy { $0[path: "hasNext"] == true })
        }
    }

    @Test func noClose() async throws {
        try await withServer { server in
            server.enqueueFault(.incrementalNoClose)
            let (response, parts) = try await Self.exchange(server, Self.deferQuery)
            #expect(response.endedCleanly)
            #expect(parts.payloads.count == 3)
            #expect(parts.payloads.last?[path: "hasNext"] == false)
            #expect(!parts.closed)
            #expect(response.text.hasSuffix("}"))
        }
    }

    @Test func incrementalFaultsWaitForAnIncrementalAnswer() async throws {
        try await withServer { server in
            server.enqueueFault(.incrementalNoClose)
            let plain = try await MultipartExchange.post(port: server.port, query: #"{ launch(id: "1") { id } }"#, accept: Self.current)
            #expect(plain.status == 200)
            #expect(server.pendingFaultCount == 1)
            let (_, parts) = try await Self.exchange(server, Self.deferQuery)
            #expect(!parts.closed)
            #expect(server.pendingFaultCount == 0)
        }
    }
}
