import ApogeeAPI

/// Decodes the payloads of operations with `@defer` or `@stream` as they arrive, each into a
/// result with all the data so far: what a ``NetworkTransport`` of its own does with the
/// messages of such an operation (the `next` messages of a WebSocket, say).
///
/// A payload with `data` (or only `errors`) starts a response; one with `incremental`,
/// `completed` or `pending` continues the response before it. So one decoder reads an
/// operation's payloads in either format (see ``IncrementalDeliveryFormat``), and a
/// subscription's events, each of which may be followed by the increments of its own deferred
/// fragments.
///
/// ```swift
/// var decoder = IncrementalResultDecoder()
/// for try await payload in messages {
///     let result: GraphQLResult<Operation.Data> = try decoder.result(decoding: payload)
///     continuation.yield(result)
///     if !result.hasNext && operationIsNotASubscription { break }
/// }
/// ```
public struct IncrementalResultDecoder: Sendable {
    private var response: IncrementalResponse?

    /// A decoder before any payload.
    public init() {}

    /// Whether the last payload said that nothing more will follow (`hasNext` false or absent).
    public var isFinished: Bool {
        response.map { !$0.hasNext } ?? false
    }

    /// Merges a payload with the ones before it and decodes the response so far.
    /// - Parameters:
    ///   - payload: One payload, parsed: a GraphQL response with `hasNext`, or a later payload.
    ///   - metadata: What the transport knows about the exchange; empty by default.
    /// - Throws: ``InvalidResponseReason`` when the payload is not one of incremental delivery
    ///   or does not fit the ones before it; ``ApogeeError/responseDecoding(_:graphQLErrors:)``
    ///   when the data so far does not fit the operation's types.
    public mutating func result<Data: RootSelectionSet>(
        decoding payload: JSONObject,
        metadata: ResponseMetadata = ResponseMetadata()
    ) throws -> GraphQLResult<Data> {
        try result(decoding: try IncrementalPayload(object: payload), metadata: metadata)
    }

    /// Merges a payload still in its JSON text (a server-sent event's data) with the ones
    /// before it and decodes the response so far.
    mutating func result<Data: RootSelectionSet>(decodingText text: String, metadata: ResponseMetadata) throws -> GraphQLResult<Data> {
        try result(decoding: try IncrementalPayload(parsing: text.utf8), metadata: metadata)
    }

    private mutating func result<Data: RootSelectionSet>(decoding parsed: IncrementalPayload, metadata: ResponseMetadata) throws -> GraphQLResult<Data> {
        let startsResponse = parsed.data != nil || (parsed.incremental.isEmpty && parsed.completed.isEmpty && parsed.pending.isEmpty)
        var current: IncrementalResponse
        if startsResponse {
            current = IncrementalResponse()
        } else if let previous = response.take() {
            // Taken out, so that the merge edits the one copy of the data in place.
            current = previous
        } else {
            throw InvalidResponseReason.malformedIncrementalPayload("a later payload came before any first one")
        }
        try current.apply(parsed)
        response = current
        return try GraphQLResult<Data>(decoding: current, metadata: metadata)
    }
}
