import ApogeeAPI
import GraphQL
import HTTPTypes
import Hummingbird

/// The wire format of GraphQL over Server-Sent Events (graphql-sse, distinct connections
/// mode): a `next` event per result, then a `complete` event.
enum ServerSentEvents {
    static let contentType = "text/event-stream"

    /// The response headers of an event stream.
    static let headers: HTTPFields = [
        .contentType: contentType + "; charset=utf-8",
        .cacheControl: "no-cache",
    ]

    /// Whether `Accept` asks for an event stream (mentioned with a quality above zero).
    static func isRequested(accept: String?) -> Bool {
        guard let accept else { return false }
        return accept.split(separator: ",").contains { range in
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == contentType else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
    }

    /// `event: next` with a GraphQL response as its data.
    static func next(_ result: GraphQLResult) -> ByteBuffer {
        // The JSON writer never writes a line break, so the response fits one `data:` line.
        event("next", data: GraphQLResponseEncoding.encode(data: result.data ?? .null, errors: result.errors))
    }

    /// `event: next` carrying errors only, for a source that failed mid-stream.
    static func next(errors: [GraphQL.GraphQLError]) -> ByteBuffer {
        event("next", data: GraphQLResponseEncoding.encode(data: nil, errors: errors))
    }

    /// `event: complete` with empty data: the stream is over.
    static let complete = event("complete", data: [])

    private static func event(_ name: String, data: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeString("event: \(name)\ndata:")
        if !data.isEmpty {
            buffer.writeString(" ")
            buffer.writeBytes(data)
        }
        buffer.writeString("\n\n")
        return buffer
    }
}
