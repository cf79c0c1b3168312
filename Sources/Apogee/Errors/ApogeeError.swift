import ApogeeAPI
import HTTPTypes

/// Why an operation produced no ``GraphQLResult``.
///
/// Each case says what happened in terms a developer can act on: the transport failure, the
/// HTTP status with the start of a body that is not GraphQL, the JSON path of a value of the
/// wrong type. GraphQL errors are not among them: they arrive in ``GraphQLResult/errors``.
/// An interceptor may also throw errors of its own, and a cancelled task throws
/// `CancellationError`.
public enum ApogeeError: Error, Sendable {
    /// The request got no HTTP response: the connection was refused, lost or timed out.
    case transport(TransportError)
    /// The server answered with an error status and a body that is not a GraphQL response
    /// (an HTML error page from a proxy, say). The excerpt is the start of the body.
    case httpStatus(HTTPResponse, bodyExcerpt: String)
    /// The body could not be read as a GraphQL response: malformed JSON, or JSON without
    /// `data` or `errors`. The excerpt is the start of the body.
    case invalidResponse(InvalidResponseReason, httpResponse: HTTPResponse, bodyExcerpt: String)
    /// The response's `data` does not fit the operation's generated types; the decoding error
    /// names the JSON path. Any GraphQL errors the response carried come along.
    case responseDecoding(ResponseDecodingError, graphQLErrors: [GraphQLError])
    /// An interceptor decided not to send the request (the old preflight `shouldSend`).
    case declined(reason: String)
    /// The request cannot be sent as built, such as a mutation with `GET`.
    case invalidRequest(reason: String)
    /// Interceptors asked for the chain to start over more often than the client allows.
    case tooManyChainRestarts(limit: Int, lastReason: String)
    /// The operation, retries included, took longer than its deadline
    /// (``ApogeeClient/Configuration/requestDeadline``); it was cancelled.
    case deadlineExceeded(Duration)
    /// The stream of a query or a mutation ended without a result (an interceptor returned an
    /// empty stream, say).
    case noResult
    /// A subscription's stream failed: the connection was refused or closed for good, or the
    /// server broke the protocol. The error says which.
    case subscription(SubscriptionError)
}

/// What made a body unreadable as a GraphQL response.
public enum InvalidResponseReason: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body is empty.
    case emptyBody
    /// The body is not valid JSON.
    case malformedJSON(JSONParsingError)
    /// The body is JSON but not shaped like a GraphQL response.
    case notAGraphQLResponse(String)
    /// The body has a media type that is not JSON and does not parse as a GraphQL response.
    case unexpectedContentType(String)
    /// A batch's answer has a different number of results than the batch had operations.
    case batchResultCount(expected: Int, received: Int)
    /// `data` is `null` (or absent) and there are no errors, which the GraphQL specification
    /// forbids: the caller would learn nothing of what happened.
    case nullDataWithoutErrors

    /// What made the body unreadable.
    public var description: String {
        switch self {
        case .emptyBody: "the body is empty"
        case .malformedJSON(let error): "the body is not valid JSON (\(error))"
        case .notAGraphQLResponse(let detail): "the body is not a GraphQL response: \(detail)"
        case .unexpectedContentType(let type): "the body has content type '\(type)' and is not a GraphQL response"
        case .batchResultCount(let expected, let received): "the batch's answer has \(received) result(s) for \(expected) operation(s)"
        case .nullDataWithoutErrors: "'data' is null and there are no errors, which a GraphQL response must have then"
        }
    }
}
