import ApogeeAPI
import Foundation
import GraphQL
import HTTPTypes
import NIOCore

/// The wire format of Apollo's multipart subscriptions (`subscriptionSpec=1.0`, as Apollo
/// Router serves them): a `multipart/mixed` body with boundary `graphql` whose parts are
/// `{"payload": <GraphQL response>}` per event, `{}` heartbeats, and
/// `{"payload": null, "errors": […]}` when the subscription fails.
enum MultipartSubscriptionWire {
    static let framing = MultipartFraming(boundary: "graphql", contentType: "application/json")

    /// The response headers of a multipart subscription.
    static let headers: HTTPFields = [
        .contentType: #"multipart/mixed;boundary="graphql";subscriptionSpec=1.0"#,
        .cacheControl: "no-cache",
    ]

    /// What opens the body: its first delimiter line.
    static var opening: ByteBuffer {
        ByteBuffer(bytes: MultipartFraming.delimiterLine(framing.delimiter))
    }

    /// A heartbeat part, `{}`.
    static var heartbeat: ByteBuffer {
        ByteBuffer(bytes: framing.partThenDelimiter(Array("{}".utf8)))
    }

    /// An event: the result under `payload`.
    static func event(_ result: GraphQLResult) -> ByteBuffer {
        let response = GraphQLResponseEncoding.encode(data: result.data ?? .null, errors: result.errors)
        return ByteBuffer(bytes: framing.partThenDelimiter(Array(#"{"payload":"#.utf8) + response + [UInt8(ascii: "}")]))
    }

    /// The part that ends a subscription whose source failed: no payload, the errors beside it.
    static func failure(_ errors: [GraphQL.GraphQLError]) -> ByteBuffer {
        let encoded = GraphQLResponseEncoding.encode(errors: errors)
        return ByteBuffer(bytes: framing.partThenDelimiter(Array(#"{"payload":null,"errors":"#.utf8) + encoded + [UInt8(ascii: "}")]))
    }

    /// What turns the delimiter line after the last part into the close delimiter.
    static var closing: ByteBuffer {
        ByteBuffer(bytes: MultipartFraming.closing)
    }

    /// Whether `Accept` asks for a multipart subscription: a `multipart/mixed` range with
    /// `subscriptionSpec=1.0` (quoted or not) and a quality above zero, which
    /// `text/event-stream` does not beat (by a higher quality, or by coming first at the same).
    static func isRequested(accept: String?) -> Bool {
        guard let accept else { return false }
        var multipart: (index: Int, quality: Double)?
        var eventStream: (index: Int, quality: Double)?
        for (index, range) in accept.split(separator: ",").enumerated() {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let type = parts.first?.lowercased() else { continue }
            var quality = 1.0
            var spec: String?
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                switch pair[0].lowercased() {
                case "q": quality = Double(value) ?? 0
                case "subscriptionspec": spec = value
                default: continue
                }
            }
            if type == "multipart/mixed", spec == "1.0", multipart == nil {
                multipart = (index, quality)
            } else if type == ServerSentEvents.contentType, eventStream == nil {
                eventStream = (index, quality)
            }
        }
        guard let multipart, multipart.quality > 0 else { return false }
        guard let eventStream, eventStream.quality > 0 else { return true }
        return multipart.quality > eventStream.quality || (multipart.quality == eventStream.quality && multipart.index < eventStream.index)
    }
}
