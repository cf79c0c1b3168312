import ApogeeAPI
import Foundation
import HTTPTypes

extension HTTPNetworkTransport {
    /// The media type of a stream of server-sent events.
    static let eventStreamMediaType = "text/event-stream"

    /// Opens a subscription as a stream of server-sent events.
    func subscribe<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        var request = request
        // Subscriptions are never sent with GET: their documents and variables belong in a body.
        request.method = .post
        request.headers[.accept] = Self.eventStreamMediaType
        request.timeout = eventStreamIdleTimeout
        let response = try await transport.stream(try request.httpRequest())
        let mediaType = response.head.headerFields[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard response.head.status.kind == .successful, mediaType == Self.eventStreamMediaType else {
            // Not a stream: a GraphQL response (a validation error), or an HTTP error.
            let whole = try await response.collected()
            let result = try GraphQLResult<Operation.Data>(decoding: try whole.graphQLBody(), httpResponse: whole.head)
            return GraphQLResultStream(result: result)
        }
        let head = response.head
        let body = response.body
        let url = request.url
        return GraphQLResultStream(unfolding: {
            var events = ServerSentEventReader(body: body)
            return {
                while let event = try await events.next() {
                    switch event.name {
                    case "next":
                        return try Self.result(of: event, head: head, as: Operation.Data.self)
                    case "complete":
                        return nil
                    default:
                        // Other events (and comments, which the reader drops) keep the
                        // connection alive or belong to extensions this client does not know.
                        continue
                    }
                }
                // Ended by the reader: a cancelled task stops the connection, which is no failure.
                try Task.checkCancellation()
                // The connection ended without `complete`: the server went away mid-stream.
                throw ApogeeError.transport(TransportError(kind: .connectionLost, url: url, message: "the event stream ended before the subscription completed"))
            }
        })
    }

    private static func result<Data: RootSelectionSet>(of event: ServerSentEvent, head: HTTPResponse, as type: Data.Type) throws -> GraphQLResult<Data> {
        do {
            return try GraphQLResult<Data>(decoding: try GraphQLResponseBody(parsing: Foundation.Data(event.data.utf8)), httpResponse: head)
        } catch let reason as InvalidResponseReason {
            throw ApogeeError.subscription(.malformedMessage(String(event.data.prefix(200)) + " (\(reason))"))
        }
    }
}
