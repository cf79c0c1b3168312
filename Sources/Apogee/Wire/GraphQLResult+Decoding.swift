import ApogeeAPI
import Foundation
import HTTPTypes

extension GraphQLResult where Data: RootSelectionSet {
    /// Decodes a GraphQL response from its JSON text: what a ``NetworkTransport`` of its own
    /// does with each response body or message it receives.
    ///
    /// The body must be a GraphQL response, an object with `data`, `errors` or both, as the
    /// GraphQL-over-HTTP specification describes. `data` is decoded into the operation's types
    /// in place, and kept as the server sent it, so the store normalizes it without encoding
    /// the typed data again (``keepsServerJSON``).
    ///
    /// ```swift
    /// let result = try GraphQLResult<Operation.Data>(
    ///     decodingResponse: body,
    ///     metadata: ResponseMetadata(httpResponse: head)
    /// )
    /// ```
    /// - Parameters:
    ///   - body: The response's JSON text, UTF-8.
    ///   - metadata: What the transport knows about the exchange; empty by default.
    /// - Throws: ``InvalidResponseReason`` when the body is not a GraphQL response;
    ///   ``ApogeeError/responseDecoding(_:graphQLErrors:)`` when its `data` does not fit the
    ///   operation's types, naming the JSON path.
    public init(decodingResponse body: some Collection<UInt8>, metadata: ResponseMetadata = ResponseMetadata()) throws {
        try self.init(decoding: try GraphQLResponseBody(parsing: body), metadata: metadata)
    }

    /// Decodes a GraphQL response already parsed into a JSON object: the `payload` of a
    /// WebSocket message, say, or one result of a batch.
    /// - Parameters:
    ///   - object: The response: an object with `data`, `errors` or both.
    ///   - metadata: What the transport knows about the exchange; empty by default.
    /// - Throws: ``InvalidResponseReason`` when the object is not a GraphQL response;
    ///   ``ApogeeError/responseDecoding(_:graphQLErrors:)`` when its `data` does not fit the
    ///   operation's types.
    public init(decodingResponseObject object: JSONObject, metadata: ResponseMetadata = ResponseMetadata()) throws {
        try self.init(decoding: try GraphQLResponseBody(object: object), metadata: metadata)
    }

    /// Decodes the data of a response read without its HTTP exchange's sizes.
    init(decoding body: GraphQLResponseBody, httpResponse: HTTPResponse?) throws {
        try self.init(decoding: body, metadata: ResponseMetadata(httpResponse: httpResponse))
    }

    /// Decodes the data of a response. When `data` does not fit the types, the error says
    /// where, and carries the response's GraphQL errors, which often explain why. The errors
    /// with paths are placed at the fields they explain, for `FieldResult`, `@catch` and
    /// semantically non-null fields; an error no field catches makes `data` `nil`.
    init(decoding body: GraphQLResponseBody, metadata: ResponseMetadata) throws {
        let serverData = try body.data?.withFieldErrors(body.errors ?? [])
        let data: Data?
        do {
            data = try serverData?.decode(as: Data.self)
        } catch let error as ResponseDecodingError where error.reason == .fieldError {
            // A field error that nothing in the operation catches takes the data with it, as
            // a `null` in a non-null field takes its parent on the server; the errors stay.
            data = nil
        } catch let error as ResponseDecodingError {
            throw ApogeeError.responseDecoding(error, graphQLErrors: body.errors ?? [])
        }
        self.init(data: data, errors: body.errors, extensions: body.extensions, source: .server)
        self.metadata = metadata
        self.serverData = serverData
    }
}
