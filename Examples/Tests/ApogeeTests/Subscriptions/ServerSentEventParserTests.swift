@testable import Apogee
import Testing

/// The event-stream parser reads events however the bytes are cut, as the HTML standard
/// describes the format.
@Suite struct ServerSentEventParserTests {
    private static let stream = "event: next\r\ndata: {\"data\":{\"countdown\":3}}\r\n\r\n: keep-alive\n\nevent: next\ndata: {\"data\":\ndata: {\"countdown\":2}}\n\nevent: complete\rdata:\r\r"

    @Test func readsEventsCommentsAndLineEndings() throws {
        var parser = ServerSentEventParser()
        let events = try parser.consume(Array(Self.stream.utf8))
        #expect(events.map(\.name) == ["next", "next", "complete"])
        #expect(events[0].data == #"{"data":{"countdown":3}}"#)
        #expect(events[1].data == "{\"data\":\n{\"countdown\":2}}")
        #expect(events[2].data == "")
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func cutsAnywhereGiveTheSameEvents(pieceSize: Int) throws {
        var whole = ServerSentEventParser()
        let expected = try whole.consume(Array(Self.stream.utf8))
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        let bytes = Array(Self.stream.utf8)
        for start in stride(from: 0, to: bytes.count, by: pieceSize) {
            events += try parser.consume(bytes[start..<min(start + pieceSize, bytes.count)])
        }
        #expect(events == expected)
    }

    @Test func anEventWithoutAFieldIsNotDispatched() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.consume(Array(": only a comment\n\n\n\nunknown-field: x\n\n".utf8)).isEmpty)
    }

    @Test func anEventWithoutANameIsAMessage() throws {
        var parser = ServerSentEventParser()
        let events = try parser.consume(Array("data: hello\n\n".utf8))
        #expect(events == [ServerSentEvent(name: "message", data: "hello", id: nil)])
    }
}
