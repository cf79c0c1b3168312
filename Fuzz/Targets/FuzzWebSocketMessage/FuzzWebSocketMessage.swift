@testable import Apogee
import ApogeeAPI
import FuzzSupport

/// A graphql-transport-ws frame from the server, any text: it is a message of the protocol or
/// a ``SubscriptionError``, never a crash. A `next` message keeps its id and payload whole.
public func fuzzWebSocketMessage(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let text = String(decoding: input.all, as: UTF8.self)
    let message: GraphQLWebSocketServerMessage
    do {
        message = try GraphQLWebSocketServerMessage(text: text)
    } catch {
        return 0
    }
    if case .next(let id, let payload) = message {
        let json = try? JSONValue(parsing: Array(text.utf8))
        require(json?.objectValue?["id"]?.stringValue == id, "a next message's id changed: \(id)")
        require(json?.objectValue?["payload"]?.objectValue == payload, "a next message's payload changed")
    }
    return 0
}
