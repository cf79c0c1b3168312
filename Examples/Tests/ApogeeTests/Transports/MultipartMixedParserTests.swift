@testable import Apogee
import Foundation
import Testing

/// The `multipart/mixed` reader reads the parts of the bodies servers send for `@defer`,
/// `@stream` and multipart subscriptions, however the bytes are cut, and fails with a typed
/// error on what is not a multipart body, without holding more than a part in memory.
@Suite struct MultipartMixedParserTests {
    /// As Apollo Server answers a query with `@defer` (boundary `-`): a leading CRLF before the
    /// first boundary, each part with a content type.
    static let apolloServer = "\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n"
        + #"{"data":{"launch":{"id":"1"}},"pending":[{"id":"0","path":["launch"]}],"hasNext":true}"#
        + "\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n"
        + #"{"incremental":[{"id":"0","data":{"site":"KSC"}}],"completed":[{"id":"0"}],"hasNext":false}"#
        + "\r\n-----\r\n"

    /// As GraphQL Yoga answers: the first boundary opens the body, parts carry a length too.
    static let yoga = "---\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 26\r\n\r\n"
        + #"{"data":{},"hasNext":true}"#
        + "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 17\r\n\r\n"
        + #"{"hasNext":false}"#
        + "\r\n-----\r\n"

    /// As Apollo Router answers a multipart subscription (boundary `graphql`), with a preamble,
    /// heartbeats (`{}`) and an epilogue.
    static let routerSubscription = "a preamble that readers ignore\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}"
        + "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n"
        + #"{"payload":{"data":{"tripsBooked":1}}}"#
        + "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}"
        + "\r\n--graphql--\r\nan epilogue, ignored too"

    static func parts(_ body: String, boundary: String, limit: Int = 1 << 20) throws -> (parts: [MultipartPart], complete: Bool) {
        var parser = MultipartMixedParser(boundary: boundary, maximumPartSize: limit)
        let parts = try parser.consume(Array(body.utf8))
        return (parts, parser.isComplete)
    }

    @Test func readsApolloServersDeferredParts() throws {
        let (parts, complete) = try Self.parts(Self.apolloServer, boundary: "-")
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { $0.header("Content-Type") == "application/json; charset=utf-8" })
        #expect(String(decoding: parts[1].body, as: UTF8.self) == #"{"incremental":[{"id":"0","data":{"site":"KSC"}}],"completed":[{"id":"0"}],"hasNext":false}"#)
        #expect(complete)
    }

    @Test func readsYogasPartsThatOpenTheBodyWithTheBoundary() throws {
        let (parts, complete) = try Self.parts(Self.yoga, boundary: "-")
        #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"data":{},"hasNext":true}"#, #"{"hasNext":false}"#])
        #expect(parts[0].headers.map(\.name) == ["content-type", "content-length"])
        #expect(complete)
    }

    @Test func skipsThePreambleAndTheEpilogueAndKeepsHeartbeats() throws {
        let (parts, complete) = try Self.parts(Self.routerSubscription, boundary: "graphql")
        #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == ["{}", #"{"payload":{"data":{"tripsBooked":1}}}"#, "{}"])
        #expect(complete)
    }

    @Test(arguments: [1, 2, 3, 5, 7, 64])
    func cutsAnywhereGiveTheSameParts(pieceSize: Int) throws {
        for (body, boundary) in [(Self.apolloServer, "-"), (Self.yoga, "-"), (Self.routerSubscription, "graphql")] {
            let expected = try Self.parts(body, boundary: boundary).parts
            var parser = MultipartMixedParser(boundary: boundary, maximumPartSize: 1 << 20)
            var parts: [MultipartPart] = []
            let bytes = Array(body.utf8)
            for start in stride(from: 0, to: bytes.count, by: pieceSize) {
                parts += try parser.consume(bytes[start..<min(start + pieceSize, bytes.count)])
            }
            #expect(parts == expected)
            #expect(parser.isComplete)
            try parser.finish()
        }
    }

    @Test func aPartMayHaveNoHeadersAndABoundaryLineMayHaveTrailingWhitespace() throws {
        let (parts, complete) = try Self.parts("--b \t\r\n\r\nhello\r\n--b\r\n\r\n\r\n--b--", boundary: "b")
        #expect(parts.map(\.headers.count) == [0, 0])
        #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == ["hello", ""])
        #expect(complete)
    }

    @Test func aPartIsReturnedOnlyOnceTheNextBoundaryHasCome() throws {
        var parser = MultipartMixedParser(boundary: "-", maximumPartSize: 1 << 20)
        #expect(try parser.consume(Array("\r\n---\r\ncontent-type: application/json\r\n\r\n{\"hasNext\":true}".utf8)).isEmpty)
        #expect(try parser.consume(Array("\r\n--".utf8)).isEmpty)
        let parts = try parser.consume(Array("-\r\n".utf8))
        #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"hasNext":true}"#])
        #expect(!parser.isComplete)
        #expect(throws: MultipartMixedError.endedBeforeClosingBoundary) { try parser.finish() }
    }

    @Test func bytesAfterTheClosingBoundaryAreIgnored() throws {
        var parser = MultipartMixedParser(boundary: "-", maximumPartSize: 1 << 20)
        #expect(try parser.consume(Array(Self.apolloServer.utf8)).count == 2)
        #expect(try parser.consume(Array("\r\n---\r\n\r\n{}\r\n-----".utf8)).isEmpty)
        try parser.finish()
    }

    @Test func aPartOverTheLimitIsAnErrorBeforeItsEndArrives() throws {
        var parser = MultipartMixedParser(boundary: "-", maximumPartSize: 1_000)
        _ = try parser.consume(Array("\r\n---\r\n\r\n".utf8))
        #expect(throws: MultipartMixedError.partTooLarge(limit: 1_000)) {
            for _ in 0..<20 { _ = try parser.consume(Array(repeating: UInt8(ascii: "x"), count: 100)) }
        }
    }

    @Test func aPreambleOverTheLimitIsAnError() throws {
        var parser = MultipartMixedParser(boundary: "-", maximumPartSize: 1_000)
        #expect(throws: MultipartMixedError.partTooLarge(limit: 1_000)) {
            _ = try parser.consume(Array(repeating: UInt8(ascii: "x"), count: 2_000))
        }
    }

    @Test func headersOverTheLimitAreAnError() throws {
        let long = "x-long: " + String(repeating: "a", count: MultipartMixedParser.maximumHeaderSize) + "\r\n"
        #expect(throws: MultipartMixedError.headersTooLarge(limit: MultipartMixedParser.maximumHeaderSize)) {
            _ = try Self.parts("--b\r\n" + long, boundary: "b")
        }
    }

    @Test func aHeaderLineWithoutAColonIsAnError() throws {
        #expect(throws: MultipartMixedError.malformedHeader("not a header")) {
            _ = try Self.parts("--b\r\nnot a header\r\n\r\n{}\r\n--b--", boundary: "b")
        }
    }

    @Test func aBoundaryFollowedByOtherCharactersIsAnError() throws {
        #expect(throws: MultipartMixedError.malformedBoundaryLine) {
            _ = try Self.parts("--b\r\n\r\n{}\r\n--bogus\r\n\r\n{}\r\n--b--", boundary: "b")
        }
    }

    @Test func aBodyCutInsideAPartEndsWithoutItsClosingBoundary() throws {
        var parser = MultipartMixedParser(boundary: "-", maximumPartSize: 1 << 20)
        let cut = Array(Self.apolloServer.utf8.prefix(120))
        let parts = try parser.consume(cut)
        #expect(parts.isEmpty)
        #expect(throws: MultipartMixedError.endedBeforeClosingBoundary) { try parser.finish() }
    }
}
