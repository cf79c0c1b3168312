import Apogee
import HTTPTypes

/// A GraphQL transport of the tests' own, written against Apogee's public API alone, as an app
/// would write one for a channel Apogee does not know.
///
/// It answers each operation with the JSON text the test hands it for that operation's name,
/// in order: one answer for a query or a mutation, one per event for a subscription until the
/// test finishes it. Requests are written and answers read with the public wire codec.
struct InMemoryTransport: NetworkTransport {
    /// One request as it left: the operation's name and its body as JSON text.
    struct SentRequest: Sendable {
        /// The operation's name.
        let operationName: String
        /// ``GraphQLRequestBody/jsonBytes()`` of the request's body.
        let body: [UInt8]
    }

    /// The answers still to give for one operation name.
    private struct Answers: Sendable {
        let stream: AsyncStream<[UInt8]>
        let continuation: AsyncStream<[UInt8]>.Continuation
    }

    /// The requests in the order they were sent.
    let requests: AsyncStream<SentRequest>
    private let sent: AsyncStream<SentRequest>.Continuation
    private let answers: [String: Answers]

    /// The head every answer comes with, as though a server had sent it over HTTP.
    static let head = HTTPResponse(status: .ok, headerFields: [.contentType: "application/graphql-response+json"])

    /// A transport that answers the operations of these names and refuses others.
    init(answering operationNames: [String]) {
        (requests, sent) = AsyncStream<SentRequest>.makeStream()
        var answers: [String: Answers] = [:]
        for name in operationNames {
            let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
            answers[name] = Answers(stream: stream, continuation: continuation)
        }
        self.answers = answers
    }

    /// Queues the next answer to the operation named `operationName`.
    func answer(_ operationName: String, with json: String) {
        answers[operationName]?.continuation.yield(Array(json.utf8))
    }

    /// Ends the answers to `operationName`: a subscription's stream completes.
    func finish(_ operationName: String) {
        answers[operationName]?.continuation.finish()
    }

    func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        let body = request.body.jsonBytes()
        sent.yield(SentRequest(operationName: request.body.operationName, body: body))
        guard let answers = answers[request.body.operationName] else {
            throw ApogeeError.invalidRequest(reason: "no answers for \(request.body.operationName)")
        }
        @Sendable func result(from json: [UInt8]) throws -> GraphQLResult<Operation.Data> {
            let metadata = ResponseMetadata(httpResponse: Self.head, bodySizes: .init(sent: body.count, received: json.count))
            return try GraphQLResult(decodingResponse: json, metadata: metadata)
        }
        guard Operation.operationType == .subscription else {
            var iterator = answers.stream.makeAsyncIterator()
            guard let json = await iterator.next() else { throw ApogeeError.noResult }
            return GraphQLResultStream(result: try result(from: json))
        }
        return GraphQLResultStream(unfolding: {
            var iterator = answers.stream.makeAsyncIterator()
            return {
                guard let json = await iterator.next() else { return nil }
                return try result(from: json)
            }
        })
    }
}
