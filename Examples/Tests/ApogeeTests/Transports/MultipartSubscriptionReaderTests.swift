@testable import Apogee
import ApogeeAPI
import Foundation
import Testing

/// The messages of Apollo's multipart subscriptions, as Apollo Router sends them: heartbeats
/// between events, a `payload` of `null` that ends the subscription with errors, the closing
/// boundary that completes it.
@Suite struct MultipartSubscriptionReaderTests {
    static func reader(_ body: String, cutEvery size: Int = .max) -> MultipartSubscriptionReader {
        let bytes = Array(body.utf8)
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            var start = 0
            while start < bytes.count {
                let end = min(start + size, bytes.count)
                continuation.yield(Data(bytes[start..<end]))
                start = end
            }
            continuation.finish()
        }
        return MultipartSubscriptionReader(body: stream, boundary: "graphql", maximumPartSize: 1 << 20)
    }

    static func part(_ json: String) -> String {
        "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n" + json
    }

    /// Every message until the reader has no more, with `nil` for a body that ended early.
    static func messages(_ body: String, cutEvery size: Int = .max) async throws -> [String] {
        var reader = reader(body, cutEvery: size)
        var messages: [String] = []
        while true {
            switch try await reader.next() {
            case .payload(let object, let isLast)?:
                messages.append((isLast ? "last " : "") + JSONValue.object(object).serializedString)
                if isLast { return messages }
            case .complete?:
                messages.append("complete")
                return messages
            case nil:
                messages.append("lost")
                return messages
            }
        }
    }

    @Test(arguments: [1, 7, Int.max])
    func heartbeatsArePassedOverAndTheClosingBoundaryCompletes(cutEvery size: Int) async throws {
        let body = Self.part("{}") + Self.part(#"{"payload":{"data":{"tripsBooked":1}}}"#) + Self.part("{}")
            + Self.part(#"{"payload":{"data":{"tripsBooked":2}}}"#) + "\r\n--graphql--\r\n"
        let messages = try await Self.messages(body, cutEvery: size)
        #expect(messages == [#"{"data":{"tripsBooked":1}}"#, #"{"data":{"tripsBooked":2}}"#, "complete"])
    }

    @Test func aNullPayloadWithErrorsEndsTheSubscriptionWithThem() async throws {
        let body = Self.part(#"{"payload":{"data":{"tripsBooked":1}}}"#)
            + Self.part(#"{"payload":null,"errors":[{"message":"subgraph went away"}]}"#) + "\r\n--graphql--\r\n"
        let messages = try await Self.messages(body)
        #expect(messages.count == 2)
        #expect(messages.last?.hasPrefix("last ") == true)
        #expect(messages.last?.contains("subgraph went away") == true)
    }

    @Test func aBodyThatEndsWithoutItsClosingBoundaryIsALostConnection() async throws {
        let messages = try await Self.messages(Self.part(#"{"payload":{"data":{"tripsBooked":1}}}"#) + Self.part("{}") + "\r\n")
        #expect(messages == [#"{"data":{"tripsBooked":1}}"#, "lost"])
    }

    @Test(arguments: [#"[1]"#, #"{"payload":3}"#, #"{"event":"x"}"#, #"{"payload":"#])
    func aPartThatIsNotAMessageIsATypedError(part: String) async throws {
        var reader = Self.reader(Self.part(part) + "\r\n--graphql--\r\n")
        let error = await #expect(throws: ApogeeError.self) { _ = try await reader.next() }
        #expect(error?.code == .subscription)
    }
}
