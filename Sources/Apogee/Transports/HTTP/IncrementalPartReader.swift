import ApogeeAPI
import Foundation
import HTTPTypes

/// Reads the payloads of a `multipart/mixed` response as its body arrives, and makes a result
/// of each: the response so far (``IncrementalResponse``), decoded.
///
/// It ends after the payload that says nothing more will follow (`hasNext: false`), which
/// stops reading the body and so ends the request. A body that ends earlier is an error: cut
/// in a part, or closed while the last payload still said more would follow.
struct IncrementalPartReader {
    private var body: AsyncThrowingStream<Data, any Error>.AsyncIterator
    private var parser: MultipartMixedParser
    /// The parts the last piece completed, and the next one of them to read.
    private var parts: [MultipartPart] = []
    private var nextPart = 0
    private var response = IncrementalResponse()
    private let head: HTTPResponse
    private let sentBytes: Int?
    private var receivedBytes = 0
    private var ended = false

    init(body: AsyncThrowingStream<Data, any Error>, boundary: String, maximumPartSize: Int, head: HTTPResponse, sentBytes: Int?) {
        self.body = body.makeAsyncIterator()
        self.parser = MultipartMixedParser(boundary: boundary, maximumPartSize: maximumPartSize)
        self.head = head
        self.sentBytes = sentBytes
    }

    /// The result of the next payload, or `nil` once the last one has been read.
    mutating func next<Data: RootSelectionSet>(as type: Data.Type) async throws -> GraphQLResult<Data>? {
        while !ended {
            if nextPart < parts.count {
                let part = parts[nextPart]
                nextPart += 1
                let payload: IncrementalPayload
                do {
                    payload = try IncrementalPayload(parsing: part.body)
                    // `{}` keeps a connection open and says nothing.
                    if payload.isEmpty { continue }
                    try response.apply(payload)
                } catch {
                    throw ApogeeError.invalidResponse(error, httpResponse: head, bodyExcerpt: HTTPTransportResponse.excerpt(of: part.body))
                }
                ended = !response.hasNext
                let metadata = ResponseMetadata(httpResponse: head, bodySizes: .init(sent: sentBytes, received: receivedBytes))
                return try GraphQLResult<Data>(decoding: response, metadata: metadata)
            }
            guard let piece = try await body.next() else {
                ended = true
                guard parser.isComplete else {
                    throw ApogeeError.invalidResponse(.malformedMultipart(MultipartMixedError.endedBeforeClosingBoundary.description), httpResponse: head, bodyExcerpt: "")
                }
                guard !response.hasInitialPayload || !response.hasNext else {
                    throw ApogeeError.invalidResponse(.unfinishedIncrementalDelivery, httpResponse: head, bodyExcerpt: "")
                }
                throw ApogeeError.invalidResponse(.notAGraphQLResponse("the multipart body has no payload"), httpResponse: head, bodyExcerpt: "")
            }
            receivedBytes += piece.count
            do {
                parts = try parser.consume(piece)
                nextPart = 0
            } catch {
                throw ApogeeError.invalidResponse(.malformedMultipart(error.description), httpResponse: head, bodyExcerpt: "")
            }
        }
        return nil
    }
}
