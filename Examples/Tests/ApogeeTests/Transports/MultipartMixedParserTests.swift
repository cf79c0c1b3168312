@testable import Apogee
import ApogeeAPI
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

    /// The parts `body` gives when it comes cut at `cuts` (offsets into its bytes, ascending),
    /// each piece a `Data` as transports deliver them.
    static func parts(_ body: String, boundary: String, cutAt cuts: [Int], limit: Int = 1 << 20) throws(MultipartMixedError) -> (parts: [MultipartPart], complete: Bool) {
        let bytes = Array(body.utf8)
        var parser = MultipartMixedParser(boundary: boundary, maximumPartSize: limit)
        var parts: [MultipartPart] = []
        var start = 0
        for end in cuts + [bytes.count] {
            parts += try parser.consume(Data(bytes[start..<end]))
            start = end
        }
        return (parts, parser.isComplete)
    }

    @Test func anyTwoCutsGiveTheSameParts() throws {
        for (body, boundary) in [(Self.apolloServer, "-"), (Self.routerSubscription, "graphql")] {
            let expected = try Self.parts(body, boundary: boundary).parts
            let count = body.utf8.count
            for first in 0...count {
                for second in first...count {
                    let (parts, complete) = try Self.parts(body, boundary: boundary, cutAt: [first, second])
                    #expect(parts == expected, "cut at \(first) and \(second)")
                    #expect(complete)
                }
            }
        }
    }

    @Test func aPartCutAcrossThreePiecesIsReadWhole() throws {
        let content = String(repeating: "x", count: 100)
        let body = "--b\r\nname: value\r\n\r\n" + content + "\r\n--b--"
        // The content takes bytes 20 to 119: the middle piece holds only content.
        let (parts, complete) = try Self.parts(body, boundary: "b", cutAt: [40, 80])
        #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == [content])
        #expect(parts.first?.header("name") == "value")
        #expect(complete)
    }

    @Test(arguments: 1..<5)
    func aDelimiterCutAcrossPiecesEndsThePart(cutInside: Int) throws {
        // The first "\r\n--b" takes bytes 14 to 18: cuts at 15 to 18 fall inside it.
        let body = "--b\r\n\r\n{\"a\":1}\r\n--b\r\n\r\n{\"b\":2}\r\n--b--"
        let (parts, complete) = try Self.parts(body, boundary: "b", cutAt: [14 + cutInside])
        #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"a":1}"#, #"{"b":2}"#])
        #expect(complete)
    }

    @Test func aHeaderBlockCutAcrossPiecesIsReadWhole() throws {
        let body = "--b\r\ncontent-type: application/json\r\nx-id: 1\r\n\r\n{}\r\n--b--"
        for cut in 5..<50 {
            let (parts, complete) = try Self.parts(body, boundary: "b", cutAt: [cut])
            #expect(parts.count == 1)
            #expect(parts.first?.headers.map(\.name) == ["content-type", "x-id"], "cut at \(cut)")
            #expect(parts.first?.header("X-Id") == "1")
            #expect(complete)
        }
    }

    @Test func repeatedAndDifferentHeaderBlocksAreEachReadAsTheyCame() throws {
        let body = "--b\r\na: 1\r\n\r\none\r\n--b\r\na: 1\r\n\r\ntwo\r\n--b\r\na: 2\r\n\r\nthree"
            + "\r\n--b\r\n\r\nfour\r\n--b\r\na: 2\r\n\r\nfive\r\n--b\r\na: 1\r\nb: 3\r\n\r\nsix\r\n--b--"
        for cuts in [[], [30], [60, 61], Array(stride(from: 7, to: body.utf8.count, by: 7))] {
            let (parts, complete) = try Self.parts(body, boundary: "b", cutAt: cuts)
            #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == ["one", "two", "three", "four", "five", "six"])
            #expect(parts.map { $0.header("a") } == ["1", "1", "2", nil, "2", "1"])
            #expect(parts.map(\.headers.count) == [1, 1, 1, 0, 1, 2])
            #expect(complete)
        }
    }

    @Test func aMalformedHeaderBlockAfterAGoodOneIsAnError() throws {
        #expect(throws: MultipartMixedError.malformedHeader("a 1")) {
            _ = try Self.parts("--b\r\na: 1\r\n\r\n{}\r\n--b\r\na 1\r\n\r\n{}\r\n--b--", boundary: "b")
        }
        // A block that begins as the last one did but goes on is read, and checked, on its own.
        #expect(throws: MultipartMixedError.malformedHeader("x")) {
            _ = try Self.parts("--b\r\na: 1\r\n\r\n{}\r\n--b\r\na: 1\r\nx\r\n\r\n{}\r\n--b--", boundary: "b")
        }
    }

    @Test func aPartAtTheLimitIsReadAndOneOverItIsAnErrorWhereverTheBytesAreCut() throws {
        let atLimit = "--b\r\n\r\n" + String(repeating: "x", count: 20) + "\r\n--b--"
        let overLimit = "--b\r\n\r\n" + String(repeating: "x", count: 21) + "\r\n--b--"
        for cut in 0...atLimit.utf8.count {
            #expect(try Self.parts(atLimit, boundary: "b", cutAt: [cut], limit: 20).parts.count == 1)
            #expect(throws: MultipartMixedError.partTooLarge(limit: 20)) {
                _ = try Self.parts(overLimit, boundary: "b", cutAt: [cut], limit: 20)
            }
        }
    }

    @Test func bodiesAreSlicesOfThePieceThatReadersReadFromTheirStart() throws {
        // The piece is itself a slice, as a transport's buffer may hand it over.
        let received = Data(("ignored" + Self.apolloServer).utf8)
        let piece = received[(received.startIndex + 7)...]
        var parser = MultipartMixedParser(boundary: "-", maximumPartSize: 1 << 20)
        let parts = try parser.consume(piece)
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { $0.body.startIndex != 0 })
        let second = #"{"incremental":[{"id":"0","data":{"site":"KSC"}}],"completed":[{"id":"0"}],"hasNext":false}"#
        #expect(String(decoding: parts[1].body, as: UTF8.self) == second)
        #expect(parts[1].body.first == UInt8(ascii: "{"))
        #expect(parts[1].body[parts[1].body.startIndex] == UInt8(ascii: "{"))
        #expect(parts[1].header("content-type") == "application/json; charset=utf-8")

        let payload = try IncrementalPayload(parsing: parts[1].body)
        #expect(payload.hasNext == false)
        #expect(payload.incremental.count == 1)
        #expect(try JSONValue(parsing: parts[0].body).objectValue?["hasNext"] == .bool(true))
        #expect(HTTPTransportResponse.excerpt(of: parts[1].body) == second)
    }
}
