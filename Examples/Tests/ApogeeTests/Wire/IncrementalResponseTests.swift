@testable import Apogee
@testable import ApogeeAPI
import Foundation
@testable import ApogeeStore
import HTTPTypes
import Testing

/// Payloads of incremental delivery merge into one response, in the current format and the
/// 2022 one, and payloads that do not fit are typed errors.
@Suite struct IncrementalResponseTests {
    /// The response after applying each payload, in order.
    static func merged(_ payloads: [String]) throws -> IncrementalResponse {
        var response = IncrementalResponse()
        for payload in payloads {
            try response.apply(try IncrementalPayload(parsing: Array(payload.utf8)))
        }
        return response
    }

    /// The same, each payload parsed into a tree first, as a WebSocket message is.
    static func mergedFromTrees(_ payloads: [String]) throws -> IncrementalResponse {
        var response = IncrementalResponse()
        for payload in payloads {
            try response.apply(try IncrementalPayload(object: try json(payload)))
        }
        return response
    }

    static func json(_ text: String) throws -> JSONObject {
        try #require(try JSONValue(parsing: text).objectValue)
    }

    /// The working group's own example: a deferred fragment and a stream, ids as numbers in
    /// `pending` and strings after.
    @Test func mergesTheDraftsExampleInTheCurrentFormat() throws {
        let first = #"{"data":{"person":{"name":"Luke Skywalker","films":[{"title":"A New Hope"},{"title":"The Empire Strikes Back"}]}},"pending":[{"id":0,"label":"homeWorldDefer","path":["person"]},{"id":1,"label":"filmsStream","path":["person","films"]}],"hasNext":true}"#
        let second = #"{"incremental":[{"id":"0","data":{"homeworld":{"name":"Tatooine"}}}],"completed":[{"id":"0"}],"hasNext":true}"#
        let third = #"{"incremental":[{"id":"1","items":[{"title":"Return of the Jedi"}]}],"completed":[{"id":"1"}],"hasNext":false}"#

        let afterFirst = try Self.merged([first])
        #expect(afterFirst.hasNext)
        #expect(afterFirst.pending.map(\.label) == ["homeWorldDefer", "filmsStream"])
        #expect(afterFirst.pending.map(\.path) == [["person"], ["person", "films"]])

        let afterSecond = try Self.merged([first, second])
        #expect(afterSecond.pending.map(\.id) == ["1"])
        #expect(afterSecond.data?["person"]?.objectValue?["homeworld"] == ["name": "Tatooine"])

        let whole = try Self.merged([first, second, third])
        #expect(!whole.hasNext)
        #expect(whole.pending.isEmpty)
        #expect(whole.data == (try Self.json(#"{"person":{"name":"Luke Skywalker","homeworld":{"name":"Tatooine"},"films":[{"title":"A New Hope"},{"title":"The Empire Strikes Back"},{"title":"Return of the Jedi"}]}}"#)))
        #expect(whole.errors.isEmpty)
    }

    /// The same query in the 2022 format: paths and labels on each increment, and the stream's
    /// path ending at its first item's index.
    @Test func mergesThe2022Format() throws {
        let whole = try Self.merged([
            #"{"data":{"person":{"name":"Luke","films":[{"title":"A New Hope"}]}},"hasNext":true}"#,
            #"{"incremental":[{"data":{"homeworld":{"name":"Tatooine"}},"path":["person"],"label":"homeWorldDefer"}],"hasNext":true}"#,
            #"{"incremental":[{"items":[{"title":"The Empire Strikes Back"}],"path":["person","films",1]}],"hasNext":true}"#,
            #"{"hasNext":false}"#,
        ])
        #expect(!whole.hasNext)
        #expect(whole.pending.isEmpty)
        #expect(whole.data == (try Self.json(#"{"person":{"name":"Luke","homeworld":{"name":"Tatooine"},"films":[{"title":"A New Hope"},{"title":"The Empire Strikes Back"}]}}"#)))
    }

    /// graphql-js 17 sends deferred data below the pending path (`subPath`) when part of the
    /// fragment was delivered already, and nested fragments as new `pending` entries.
    @Test func mergesSubPathsAndNestedPendingEntries() throws {
        let whole = try Self.merged([
            #"{"data":{"hero":{"id":"1"}},"pending":[{"id":"0","path":["hero"],"label":"Outer"}],"hasNext":true}"#,
            #"{"pending":[{"id":"1","path":["hero","friends",0],"label":"Inner"}],"incremental":[{"id":"0","data":{"friends":[{"id":"2"}]}},{"id":"0","subPath":["friends",0],"data":{"id":"2"}}],"completed":[{"id":"0"}],"hasNext":true}"#,
            #"{"incremental":[{"id":"1","data":{"name":"Han"}}],"completed":[{"id":"1"}],"hasNext":false}"#,
        ])
        #expect(whole.data == (try Self.json(#"{"hero":{"id":"1","friends":[{"id":"2","name":"Han"}]}}"#)))
        #expect(whole.pending.isEmpty)
    }

    /// Errors of an increment, and of a fragment that failed as a whole, join the result's
    /// errors with their paths; the failed fragment's data never comes.
    @Test func gathersErrorsOfIncrementsAndOfFailedFragments() throws {
        let whole = try Self.merged([
            #"{"data":{"launch":{"id":"1"}},"pending":[{"id":"0","path":["launch"]},{"id":"1","path":["launch"],"label":"Rocket"}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","data":{"site":null},"errors":[{"message":"site unavailable","path":["launch","site"]}]}],"completed":[{"id":"0"},{"id":"1","errors":[{"message":"rocket failed","path":["launch","rocket","name"]}]}],"hasNext":false}"#,
        ])
        #expect(whole.errors.map(\.message) == ["site unavailable", "rocket failed"])
        #expect(whole.errors.first?.path == ["launch", "site"])
        #expect(whole.data?["launch"]?.objectValue?["site"] == .null)
        #expect(whole.data?["launch"]?.objectValue?["rocket"] == nil)
    }

    /// Data for a place an error nulled has nowhere to go, and is dropped as the server's own
    /// complete response would have had nothing there.
    @Test func dropsDataForAPlaceAnErrorNulled() throws {
        let whole = try Self.merged([
            #"{"data":{"launch":null},"errors":[{"message":"no launch","path":["launch"]}],"hasNext":true}"#,
            #"{"incremental":[{"data":{"site":"KSC"},"path":["launch"]}],"hasNext":false}"#,
        ])
        #expect(whole.data == ["launch": .null])
        #expect(whole.errors.count == 1)
    }

    static let payloadSequences: [[String]] = [
        [
            #"{"data":{"person":{"name":"Luke","films":[{"title":"A New Hope"}]}},"pending":[{"id":0,"path":["person"]},{"id":1,"path":["person","films"]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","data":{"homeworld":{"name":"Tatooine"},"name":"Luke Skywalker"}},{"id":"1","items":[{"title":"Empire"},{"title":"Jedi"}]}],"completed":[{"id":"0"},{"id":"1"}],"hasNext":false}"#,
        ],
        [
            #"{"data":{"person":{"films":[{"title":"A"},{"title":"B"},{"title":"C"}]}},"hasNext":true}"#,
            #"{"incremental":[{"items":[{"title":"b"}],"path":["person","films",1]},{"data":{"extra":[1,2]},"path":["person","films",0]}],"hasNext":true}"#,
            #"{"incremental":[{"data":{"extra":[3,{"n":4}]},"path":["person","films",0]}],"hasNext":false}"#,
        ],
        [
            #"{"data":{"hero":{"id":"1"}},"pending":[{"id":"0","path":["hero"],"label":"Outer"}],"hasNext":true}"#,
            #"{"pending":[{"id":"1","path":["hero","friends",0]}],"incremental":[{"id":"0","data":{"friends":[{"id":"2"}]}},{"id":"0","subPath":["friends",0],"data":{"id":"2"}}],"completed":[{"id":"0"}],"hasNext":true}"#,
            #"{"incremental":[{"id":"1","data":{"name":"Han","n\u0061me2":"Solo"}}],"completed":[{"id":"1"}],"hasNext":false}"#,
        ],
        [
            #"{"data":{"launch":null,"other":{"id":"1"}},"errors":[{"message":"no launch","path":["launch"]}],"hasNext":true}"#,
            #"{"incremental":[{"data":{"site":"KSC"},"path":["launch"]},{"data":{"site":null},"path":["other"],"errors":[{"message":"no site","path":["other","site"]}]}],"hasNext":false}"#,
        ],
    ]

    /// Payloads read from their text are merged in place, each into a new document that reads
    /// the texts so far, and come out as the same payloads parsed into trees and merged as trees.
    @Test(arguments: payloadSequences)
    func payloadsReadFromTextMergeInPlaceAsTreesMerge(payloads: [String]) throws {
        let inPlace = try Self.merged(payloads)
        let trees = try Self.mergedFromTrees(payloads)
        guard case .document? = inPlace.responseData else {
            Issue.record("the data became a tree")
            return
        }
        #expect(inPlace.data == trees.data)
        #expect(inPlace.errors == trees.errors)
        #expect(inPlace.pending == trees.pending)
        #expect(inPlace.hasNext == trees.hasNext)
        // A tree's fields come in no order.
        func sorted(_ increments: [ResponseIncrement]?) -> [ResponseIncrement]? {
            increments?.map { increment in
                guard case .fields(let names) = increment.content else { return increment }
                return ResponseIncrement(path: increment.path, content: .fields(names.sorted()))
            }
        }
        #expect(sorted(inPlace.lastIncrements) == sorted(trees.lastIncrements))
    }

    /// A response that never said `hasNext` is one payload, complete.
    @Test func aPayloadWithoutHasNextIsComplete() throws {
        let whole = try Self.merged([#"{"data":{"launch":{"id":"1"}}}"#])
        #expect(!whole.hasNext)
    }

    @Test func anIncrementForAnUnannouncedIDIsATypedError() throws {
        let error = #expect(throws: InvalidResponseReason.self) {
            try Self.merged([
                #"{"data":{"launch":{"id":"1"}},"pending":[{"id":"0","path":["launch"]}],"hasNext":true}"#,
                #"{"incremental":[{"id":"99","data":{"site":"KSC"}}],"hasNext":false}"#,
            ])
        }
        #expect(error?.code == .malformedIncrementalPayload)
        #expect(error?.description.contains("99") == true)
    }

    @Test func aCompletionForAnUnannouncedIDIsATypedError() throws {
        let error = #expect(throws: InvalidResponseReason.self) {
            try Self.merged([
                #"{"data":{},"pending":[],"hasNext":true}"#,
                #"{"completed":[{"id":"7"}],"hasNext":false}"#,
            ])
        }
        #expect(error?.code == .malformedIncrementalPayload)
    }

    @Test(arguments: [
        #"{"data":{"launch":{"id":"1"}},"hasNext":"yes"}"#,
        #"{"data":{"launch":{"id":"1"}},"pending":{"id":"0"},"hasNext":true}"#,
        #"{"data":{"launch":{"id":"1"}},"pending":[{"path":["launch"]}],"hasNext":true}"#,
        #"{"data":{"launch":{"id":"1"}},"pending":[{"id":"0","path":"launch"}],"hasNext":true}"#,
        #"{"incremental":[{"id":"0","data":{}}],"hasNext":false}"#,
        #"[1,2]"#,
        #"{"data":{"launch"#,
    ])
    func aMalformedFirstPayloadIsATypedError(payload: String) throws {
        #expect(throws: InvalidResponseReason.self) { try Self.merged([payload]) }
    }

    @Test func dataWhereAListIsIsATypedError() throws {
        let error = #expect(throws: InvalidResponseReason.self) {
            try Self.merged([
                #"{"data":{"launches":[{"id":"1"}]},"pending":[{"id":"0","path":["launches"]}],"hasNext":true}"#,
                #"{"incremental":[{"id":"0","data":{"site":"KSC"}}],"hasNext":false}"#,
            ])
        }
        #expect(error?.code == .malformedIncrementalPayload)
    }

    @Test func aPathPastAListsEndIsATypedError() throws {
        #expect(throws: InvalidResponseReason.self) {
            try Self.merged([
                #"{"data":{"launches":[{"id":"1"}]},"hasNext":true}"#,
                #"{"incremental":[{"data":{"site":"KSC"},"path":["launches",3]}],"hasNext":false}"#,
            ])
        }
    }

    /// A deferred fragment at the root of the data (`path: []`).
    @Test func mergesAFragmentDeferredAtTheRoot() throws {
        let whole = try Self.merged([
            #"{"data":{"me":null},"pending":[{"id":"0","path":[]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","data":{"launches":{"cursor":"c"}}}],"completed":[{"id":"0"}],"hasNext":false}"#,
        ])
        #expect(whole.data == (try Self.json(#"{"me":null,"launches":{"cursor":"c"}}"#)))
    }

    /// `multipart/mixed`'s parameters, quoted or not, in any case.
    @Test func readsTheBoundaryOfAContentType() {
        let fields = [
            #"multipart/mixed; boundary="-"; deferSpec=20220824"#: "-",
            "multipart/mixed;boundary=graphql;subscriptionSpec=1.0": "graphql",
            #"multipart/mixed; BOUNDARY="a;b\"c"; incrementalSpec=v0.2"#: #"a;b"c"#,
        ]
        for (field, boundary) in fields {
            let found = HTTPResponse(status: .ok, headerFields: [.contentType: field]).mediaTypeParameter("boundary")
            #expect(found == boundary, "\(field)")
        }
        #expect(HTTPResponse(status: .ok, headerFields: [.contentType: "multipart/mixed"]).mediaTypeParameter("boundary") == nil)
    }

    /// The `Accept` of a request for an operation with `@defer`: both formats, the current one
    /// first, then a plain GraphQL response for a server that does not defer; a caller's own
    /// offer of `multipart/mixed` stands.
    @Test func offersBothFormatsBeforeAPlainResponse() {
        let accept = HTTPNetworkTransport.incrementalAccept(offering: IncrementalDeliveryFormat.all, before: nil)
        #expect(accept == "multipart/mixed;incrementalSpec=v0.2, multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json;q=0.9")
        #expect(HTTPNetworkTransport.incrementalAccept(offering: [.deferSpec20220824], before: "application/json") == "multipart/mixed;deferSpec=20220824, application/json")
        #expect(HTTPNetworkTransport.incrementalAccept(offering: IncrementalDeliveryFormat.all, before: "multipart/mixed;deferSpec=20220824") == "multipart/mixed;deferSpec=20220824")
        #expect(HTTPNetworkTransport.incrementalAccept(offering: [], before: "application/json") == "application/json")
    }

    /// Through an `HTTPTransport` that only answers `send` (its `stream` is the protocol's
    /// default, one piece), a request with `@defer` offers both formats before what the caller
    /// accepts (one field or several, joined), or keeps the caller's own offer of
    /// `multipart/mixed`, and each part gives a result.
    @Test(arguments: [
        ([], "multipart/mixed;incrementalSpec=v0.2, multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json;q=0.9"),
        (["application/json"], "multipart/mixed;incrementalSpec=v0.2, multipart/mixed;deferSpec=20220824, application/json"),
        (["application/json", "text/plain"], "multipart/mixed;incrementalSpec=v0.2, multipart/mixed;deferSpec=20220824, application/json, text/plain"),
        (["multipart/mixed;deferSpec=20220824"], "multipart/mixed;deferSpec=20220824"),
    ])
    func aSendOnlyTransportStreamsTheParts(accepted: [String], offered: String) async throws {
        let parts = "\r\n---\r\ncontent-type: application/json\r\n\r\n"
            + #"{"data":{"launch":{"__typename":"Launch","id":"1","site":"KSC"}},"pending":[{"id":"0","path":["launch"]}],"hasNext":true}"#
            + "\r\n---\r\ncontent-type: application/json\r\n\r\n"
            + #"{"incremental":[{"id":"0","data":{"mission":{"__typename":"Mission","name":"Sat"}}}],"completed":[{"id":"0"}],"hasNext":false}"#
            + "\r\n-----\r\n"
        let recorder = SendOnlyTransport(response: HTTPTransportResponse(
            head: HTTPResponse(status: .ok, headerFields: [.contentType: #"multipart/mixed; boundary="-"; incrementalSpec=v0.2"#]),
            body: Data(parts.utf8)))
        var request = GraphQLRequest(operation: DeferredLaunchQuery(id: "1"), endpoint: URL(string: "http://127.0.0.1:1/graphql")!)
        request.headers[.accept] = nil
        for value in accepted { request.headers.append(HTTPField(name: .accept, value: value)) }

        var results: [GraphQLResult<DeferredLaunchQuery.Data>] = []
        for try await result in try await HTTPNetworkTransport(transport: recorder).send(request) { results.append(result) }
        #expect(results.map(\.hasNext) == [true, false])
        #expect(results.map { $0.data?.launch?.missionDetails.value?.mission?.name } == [nil, "Sat"])
        #expect(recorder.acceptFields == [offered])
    }

    /// The decoder a WebSocket's `next` messages go through: each payload a result with the
    /// data so far, and a payload with `data` starting the next response, as a subscription's
    /// events do.
    @Test func theDecoderStartsAResponseAtEachPayloadWithData() throws {
        var decoder = IncrementalResultDecoder()
        let payloads = [
            #"{"data":{"launch":{"__typename":"Launch","id":"1","site":"KSC"}},"pending":[{"id":"0","path":["launch"],"label":"Mission"}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","data":{"mission":{"__typename":"Mission","name":"Sat"}}}],"completed":[{"id":"0"}],"hasNext":false}"#,
            #"{"data":{"launch":{"__typename":"Launch","id":"2","site":"VAFB"}},"hasNext":true}"#,
            #"{"incremental":[{"data":{"mission":{"__typename":"Mission","name":"Star"}},"path":["launch"],"label":"Mission"}],"hasNext":false}"#,
        ]
        var results: [GraphQLResult<DeferredLaunchQuery.Data>] = []
        for payload in payloads {
            results.append(try decoder.result(decoding: try Self.json(payload)))
        }
        #expect(results.map { $0.data?.launch?.missionDetails.value?.mission?.name } == [nil, "Sat", nil, "Star"])
        #expect(results.map { $0.data?.launch?.id } == ["1", "1", "2", "2"])
        #expect(results.map(\.hasNext) == [true, false, true, false])
        #expect(results[0].pendingIncrements == [PendingIncrement(id: "0", path: ["launch"], label: "Mission")])
        #expect(decoder.isFinished)
    }

    @Test func theDecoderRefusesALaterPayloadBeforeAnyFirstOne() throws {
        var decoder = IncrementalResultDecoder()
        #expect(throws: InvalidResponseReason.self) {
            let _: GraphQLResult<DeferredLaunchQuery.Data> = try decoder.result(decoding: try Self.json(#"{"incremental":[{"id":"0","data":{}}],"hasNext":false}"#))
        }
    }

    @Test func nullDataWithoutErrorsIsATypedError() throws {
        let error = #expect(throws: InvalidResponseReason.self) { try Self.merged([#"{"data":null,"hasNext":false}"#]) }
        #expect(error?.code == .nullDataWithoutErrors)
    }
}

/// Answers every request with one response through `send` alone, and keeps each request's
/// `Accept` fields.
private final class SendOnlyTransport: HTTPTransport, Sendable {
    private let response: HTTPTransportResponse
    private let accepts = Locked<[String]>([])

    init(response: HTTPTransportResponse) {
        self.response = response
    }

    var acceptFields: [String] { accepts.withLock { $0 } }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        accepts.withLock { $0 += request.headers.filter { $0.name == .accept }.map(\.value) }
        return response
    }
}
