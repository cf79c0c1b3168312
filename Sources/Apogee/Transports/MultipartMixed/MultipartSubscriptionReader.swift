import ApogeeAPI
import Foundation

/// The messages of a subscription answered as HTTP multipart (Apollo's `subscriptionSpec=1.0`,
/// which Apollo Router serves), one at a time as the body arrives.
///
/// Each part is JSON: `{}` is a heartbeat that keeps the connection open; `{"payload": …}` is
/// an event, a GraphQL response; `{"payload": null, "errors": […]}` ends the subscription with
/// those errors. The body's closing boundary completes the subscription.
struct MultipartSubscriptionReader {
    /// What one part says.
    enum Message {
        /// A GraphQL response: an event, or the errors that end the subscription.
        case payload(JSONObject, isLast: Bool)
        /// The subscription is over: the closing boundary came.
        case complete
    }

    private var body: AsyncThrowingStream<Data, any Error>.AsyncIterator
    private var parser: MultipartMixedParser
    /// The parts the last piece completed, and the next one of them to read.
    private var parts: [MultipartPart] = []
    private var nextPart = 0

    init(body: AsyncThrowingStream<Data, any Error>, boundary: String, maximumPartSize: Int) {
        self.body = body.makeAsyncIterator()
        self.parser = MultipartMixedParser(boundary: boundary, maximumPartSize: maximumPartSize)
    }

    /// The next message, or `nil` when the body ends without its closing boundary: a lost
    /// connection. Heartbeats are read and passed over.
    /// - Throws: the body's error, or ``ApogeeError/subscription(_:)`` for a part that is
    ///   not a message of the protocol.
    mutating func next() async throws -> Message? {
        while true {
            while nextPart < parts.count {
                let part = parts[nextPart]
                nextPart += 1
                if let message = try Self.message(in: part.body) { return message }
            }
            if parser.isComplete { return .complete }
            guard let piece = try await body.next() else { return nil }
            do {
                parts = try parser.consume(piece)
                nextPart = 0
            } catch {
                throw ApogeeError.subscription(.malformedMessage(error.description))
            }
        }
    }

    /// The message of one part; `nil` for a heartbeat.
    private static func message(in body: Data) throws -> Message? {
        let object: JSONObject
        do {
            guard let parsed = try JSONValue(parsing: body).objectValue else {
                throw ApogeeError.subscription(.malformedMessage("a part that is not a JSON object: " + HTTPTransportResponse.excerpt(of: body)))
            }
            object = parsed
        } catch let error as ApogeeError {
            throw error
        } catch {
            throw ApogeeError.subscription(.malformedMessage("a part that is not JSON (\(error)): " + HTTPTransportResponse.excerpt(of: body)))
        }
        switch object["payload"] {
        case nil where object.isEmpty:
            return nil
        case .object(let payload)?:
            return .payload(payload, isLast: false)
        case .null?:
            // The server ends the subscription: its errors, if any, are the last result.
            guard let errors = object["errors"], errors.arrayValue?.isEmpty == false else { return .complete }
            return .payload(["data": .null, "errors": errors], isLast: true)
        case nil:
            // Apollo Router puts transport errors beside a missing payload, too.
            if let errors = object["errors"], errors.arrayValue?.isEmpty == false {
                return .payload(["data": .null, "errors": errors], isLast: true)
            }
            throw ApogeeError.subscription(.malformedMessage("a part without 'payload': " + HTTPTransportResponse.excerpt(of: body)))
        case let other?:
            throw ApogeeError.subscription(.malformedMessage("'payload' is \(other.kindDescription), not an object"))
        }
    }
}
