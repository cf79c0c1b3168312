import ApogeeAPI
import Foundation
import HTTPTypes

extension HTTPNetworkTransport {
    /// The media type of a response whose parts are payloads.
    static let multipartMixedMediaType = "multipart/mixed"

    /// Sends an operation with `@defer` or `@stream`, offering the formats of
    /// ``incrementalDeliveryFormats``, and reads its payloads as they arrive: each one gives a
    /// result with all the data so far. A server that answers with one plain response (one
    /// that does not defer) gives that one result.
    func sendIncremental<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        var request = request
        request.headers[.accept] = Self.incrementalAccept(offering: incrementalDeliveryFormats, before: Self.accepted(by: request.headers))
        request.preferUncompressedStream()
        let httpRequest = try request.httpRequest()
        let response = try await transport.stream(httpRequest)
        let head = response.head
        guard head.status.kind == .successful, head.hasMediaType("multipart/mixed") else {
            let whole = try await response.collected()
            let metadata = ResponseMetadata(httpResponse: whole.head, bodySizes: .init(sent: httpRequest.body.count, received: whole.body.count))
            return GraphQLResultStream(result: try GraphQLResult<Operation.Data>(decoding: try whole.graphQLBody(), metadata: metadata))
        }
        guard let boundary = head.mediaTypeParameter("boundary"), !boundary.isEmpty else {
            throw ApogeeError.invalidResponse(.malformedMultipart("the Content-Type has no boundary"), httpResponse: head, bodyExcerpt: "")
        }
        let body = response.body
        let maximumPartSize = maximumPartSize
        let sentBytes = httpRequest.body.count
        return GraphQLResultStream(unfolding: {
            var reader = IncrementalPartReader(body: body, boundary: boundary, maximumPartSize: maximumPartSize, head: head, sentBytes: sentBytes)
            return { try await reader.next(as: Operation.Data.self) }
        })
    }

    /// The `Accept` field of a request that may be answered incrementally: the formats, then
    /// what the request accepted already (a plain GraphQL response, for a server that does not
    /// defer). A field that offers `multipart/mixed` already is the caller's and stands.
    static func incrementalAccept(offering formats: [IncrementalDeliveryFormat], before accepted: String?) -> String {
        if accepted == nil || accepted == GraphQLOverHTTP.acceptedMediaTypes, formats == IncrementalDeliveryFormat.all {
            return defaultIncrementalAccept
        }
        let accepted = accepted ?? GraphQLOverHTTP.acceptedMediaTypes
        guard !formats.isEmpty, !offersMultipartMixed(accepted) else { return accepted }
        return (formats.map(\.mediaRange) + [accepted]).joined(separator: ", ")
    }

    /// A request's `Accept`: its one field's value as it is, several joined as `HTTPFields`'
    /// subscript joins them (which makes a new string even for one).
    private static func accepted(by headers: HTTPFields) -> String? {
        var accepted: String?
        for field in headers where field.name == .accept {
            accepted = accepted.map { "\($0), \(field.value)" } ?? field.value
        }
        return accepted
    }

    /// The `Accept` field of most such requests, made once: every format offered, before what
    /// a client accepts by default.
    private static let defaultIncrementalAccept = (IncrementalDeliveryFormat.all.map(\.mediaRange) + [GraphQLOverHTTP.acceptedMediaTypes]).joined(separator: ", ")

    /// Whether an `Accept` field names `multipart/mixed`, in any case: compared as ASCII
    /// bytes, as every request with `@defer` asks.
    private static func offersMultipartMixed(_ accepted: String) -> Bool {
        let wanted = Array(multipartMixedMediaType.utf8)
        let bytes = Array(accepted.utf8)
        guard bytes.count >= wanted.count else { return false }
        func lowercased(_ byte: UInt8) -> UInt8 { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte }
        return (0...(bytes.count - wanted.count)).contains { start in
            wanted.indices.allSatisfy { lowercased(bytes[start + $0]) == wanted[$0] }
        }
    }
}
