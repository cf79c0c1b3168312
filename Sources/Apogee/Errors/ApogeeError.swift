import ApogeeAPI
import HTTPTypes

/// Why an operation produced no ``GraphQLResult``.
///
/// Each error says what happened in terms a developer can act on: its ``code``, and the facts
/// that go with it (the transport failure, the HTTP status with the start of a body that is
/// not GraphQL, the JSON path of a value of the wrong type). GraphQL errors are not among
/// them: they arrive in ``GraphQLResult/errors``. An interceptor may also throw errors of its
/// own, and a cancelled task throws `CancellationError`.
///
/// A struct with codes, not an enum, so that a new kind of failure can be added without
/// breaking code that handles the ones it knows:
///
/// ```swift
/// do {
///     let result = try await client.perform(mutation: BookTripMutation(id: "25"))
/// } catch let error as ApogeeError where error.code == .transport {
///     showOffline(error.transportError?.kind)
/// } catch let error as ApogeeError {
///     show(error.description)
/// }
/// ```
public struct ApogeeError: Error, Sendable {
    /// The kind of failure. Compare with its static members (`error.code == .httpStatus`); a
    /// `switch` over it needs a `default`, since codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// The request got no HTTP response: the connection was refused, lost or timed out.
        /// ``ApogeeError/transportError`` says which.
        public static let transport = Code("transport")
        /// The server answered with an error status and a body that is not a GraphQL response
        /// (an HTML error page from a proxy, say): ``ApogeeError/httpResponse`` and
        /// ``ApogeeError/bodyExcerpt``.
        public static let httpStatus = Code("httpStatus")
        /// The body could not be read as a GraphQL response: malformed JSON, or JSON without
        /// `data` or `errors`. ``ApogeeError/invalidResponseReason`` says why.
        public static let invalidResponse = Code("invalidResponse")
        /// The response's `data` does not fit the operation's generated types:
        /// ``ApogeeError/decodingError`` names the JSON path.
        public static let responseDecoding = Code("responseDecoding")
        /// An interceptor decided not to send the request; ``ApogeeError/reason`` says why.
        public static let declined = Code("declined")
        /// The request cannot be sent as built, such as a mutation with `GET`.
        public static let invalidRequest = Code("invalidRequest")
        /// Interceptors asked for the chain to start over more often than the client allows.
        public static let tooManyChainRestarts = Code("tooManyChainRestarts")
        /// The operation, retries included, took longer than its deadline
        /// (``ApogeeClient/Configuration/requestDeadline``); it was cancelled.
        public static let deadlineExceeded = Code("deadlineExceeded")
        /// The stream of a query or a mutation ended without a result (an interceptor returned
        /// an empty stream, say).
        public static let noResult = Code("noResult")
        /// A subscription's stream failed for good; ``ApogeeError/subscriptionError`` says how.
        public static let subscription = Code("subscription")

        /// The code's name, as its static member spells it.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// For ``Code/transport``: the transport's failure.
    public let transportError: TransportError?
    /// For ``Code/httpStatus`` and ``Code/invalidResponse``: the head of the response.
    public let httpResponse: HTTPResponse?
    /// For ``Code/httpStatus`` and ``Code/invalidResponse``: the start of the body.
    public let bodyExcerpt: String?
    /// For ``Code/invalidResponse``: what made the body unreadable.
    public let invalidResponseReason: InvalidResponseReason?
    /// For ``Code/responseDecoding``: the value that does not fit, and its JSON path.
    public let decodingError: ResponseDecodingError?
    /// For ``Code/responseDecoding``: the GraphQL errors the response carried.
    public let graphQLErrors: [GraphQLError]
    /// For ``Code/declined`` and ``Code/invalidRequest``: why; for
    /// ``Code/tooManyChainRestarts``: the reason of the last restart.
    public let reason: String?
    /// For ``Code/tooManyChainRestarts``: how many restarts the client allows.
    public let restartLimit: Int?
    /// For ``Code/deadlineExceeded``: the deadline that passed.
    public let deadline: Duration?
    /// For ``Code/subscription``: how the subscription failed.
    public let subscriptionError: SubscriptionError?

    private init(
        code: Code,
        transportError: TransportError? = nil,
        httpResponse: HTTPResponse? = nil,
        bodyExcerpt: String? = nil,
        invalidResponseReason: InvalidResponseReason? = nil,
        decodingError: ResponseDecodingError? = nil,
        graphQLErrors: [GraphQLError] = [],
        reason: String? = nil,
        restartLimit: Int? = nil,
        deadline: Duration? = nil,
        subscriptionError: SubscriptionError? = nil
    ) {
        self.code = code
        self.transportError = transportError
        self.httpResponse = httpResponse
        self.bodyExcerpt = bodyExcerpt
        self.invalidResponseReason = invalidResponseReason
        self.decodingError = decodingError
        self.graphQLErrors = graphQLErrors
        self.reason = reason
        self.restartLimit = restartLimit
        self.deadline = deadline
        self.subscriptionError = subscriptionError
    }

    /// The request got no HTTP response; a custom ``HTTPTransport`` throws this.
    public static func transport(_ error: TransportError) -> ApogeeError {
        ApogeeError(code: .transport, transportError: error)
    }

    /// An error status with a body that is not a GraphQL response.
    public static func httpStatus(_ response: HTTPResponse, bodyExcerpt: String) -> ApogeeError {
        ApogeeError(code: .httpStatus, httpResponse: response, bodyExcerpt: bodyExcerpt)
    }

    /// A body that cannot be read as a GraphQL response.
    public static func invalidResponse(_ reason: InvalidResponseReason, httpResponse: HTTPResponse, bodyExcerpt: String) -> ApogeeError {
        ApogeeError(code: .invalidResponse, httpResponse: httpResponse, bodyExcerpt: bodyExcerpt, invalidResponseReason: reason)
    }

    /// `data` that does not fit the operation's types, with the response's GraphQL errors.
    public static func responseDecoding(_ error: ResponseDecodingError, graphQLErrors: [GraphQLError]) -> ApogeeError {
        ApogeeError(code: .responseDecoding, decodingError: error, graphQLErrors: graphQLErrors)
    }

    /// A request an interceptor refused to send; an interceptor throws this.
    public static func declined(reason: String) -> ApogeeError {
        ApogeeError(code: .declined, reason: reason)
    }

    /// A request that cannot be sent as built.
    public static func invalidRequest(reason: String) -> ApogeeError {
        ApogeeError(code: .invalidRequest, reason: reason)
    }

    /// More chain restarts than `limit`.
    public static func tooManyChainRestarts(limit: Int, lastReason: String) -> ApogeeError {
        ApogeeError(code: .tooManyChainRestarts, reason: lastReason, restartLimit: limit)
    }

    /// An operation that outlived `deadline`.
    public static func deadlineExceeded(_ deadline: Duration) -> ApogeeError {
        ApogeeError(code: .deadlineExceeded, deadline: deadline)
    }

    /// A stream that ended without a result.
    public static var noResult: ApogeeError {
        ApogeeError(code: .noResult)
    }

    /// A subscription that failed for good.
    public static func subscription(_ error: SubscriptionError) -> ApogeeError {
        ApogeeError(code: .subscription, subscriptionError: error)
    }
}

/// What made a body unreadable as a GraphQL response, in ``ApogeeError/invalidResponseReason``.
///
/// A struct with codes, not an enum, so that a new reason can be added without breaking code
/// that handles the ones it knows.
public struct InvalidResponseReason: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of reason. Compare with its static members (`reason.code == .malformedJSON`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// The body is empty.
        public static let emptyBody = Code("emptyBody")
        /// The body is not valid JSON; ``InvalidResponseReason/parsingError`` says where.
        public static let malformedJSON = Code("malformedJSON")
        /// The body is JSON but not shaped like a GraphQL response.
        public static let notAGraphQLResponse = Code("notAGraphQLResponse")
        /// The body has a media type that is not JSON and does not parse as a GraphQL response.
        public static let unexpectedContentType = Code("unexpectedContentType")
        /// A batch's answer has a different number of results than the batch had operations.
        public static let batchResultCount = Code("batchResultCount")
        /// `data` is `null` (or absent) and there are no errors, which the GraphQL
        /// specification forbids: the caller would learn nothing of what happened.
        public static let nullDataWithoutErrors = Code("nullDataWithoutErrors")
        /// A `multipart/mixed` body breaks its framing: a bad boundary line, a part over the
        /// size cap, a body that ends before its closing boundary; ``InvalidResponseReason/detail`` says which.
        public static let malformedMultipart = Code("malformedMultipart")
        /// A payload of incremental delivery (`@defer`, `@stream`) that does not fit the
        /// results before it: an increment for an id no payload announced, data for a path that
        /// is not in the response; ``InvalidResponseReason/detail`` says what.
        public static let malformedIncrementalPayload = Code("malformedIncrementalPayload")
        /// The response ended while its last payload still said more would follow
        /// (`hasNext: true`).
        public static let unfinishedIncrementalDelivery = Code("unfinishedIncrementalDelivery")

        /// The code's name, as its static member spells it.
        public var description: String { name }
    }

    /// The kind of reason.
    public let code: Code
    /// For ``Code/malformedJSON``: where and why the JSON broke.
    public let parsingError: JSONParsingError?
    /// For ``Code/notAGraphQLResponse``: what is wrong with the JSON; for
    /// ``Code/unexpectedContentType``: the content type.
    public let detail: String?
    /// For ``Code/batchResultCount``: the batch's operations, and the results the answer had.
    public let expectedCount: Int?
    /// For ``Code/batchResultCount``: the results the answer had.
    public let receivedCount: Int?

    private init(code: Code, parsingError: JSONParsingError? = nil, detail: String? = nil, expectedCount: Int? = nil, receivedCount: Int? = nil) {
        self.code = code
        self.parsingError = parsingError
        self.detail = detail
        self.expectedCount = expectedCount
        self.receivedCount = receivedCount
    }

    /// The body is empty.
    public static var emptyBody: InvalidResponseReason { InvalidResponseReason(code: .emptyBody) }

    /// The body is not valid JSON.
    public static func malformedJSON(_ error: JSONParsingError) -> InvalidResponseReason {
        InvalidResponseReason(code: .malformedJSON, parsingError: error)
    }

    /// The body is JSON but not shaped like a GraphQL response, as `detail` says.
    public static func notAGraphQLResponse(_ detail: String) -> InvalidResponseReason {
        InvalidResponseReason(code: .notAGraphQLResponse, detail: detail)
    }

    /// The body has the media type `contentType`, which is not JSON.
    public static func unexpectedContentType(_ contentType: String) -> InvalidResponseReason {
        InvalidResponseReason(code: .unexpectedContentType, detail: contentType)
    }

    /// A batch of `expected` operations got `received` results.
    public static func batchResultCount(expected: Int, received: Int) -> InvalidResponseReason {
        InvalidResponseReason(code: .batchResultCount, expectedCount: expected, receivedCount: received)
    }

    /// A `multipart/mixed` body whose framing breaks, as `detail` says.
    public static func malformedMultipart(_ detail: String) -> InvalidResponseReason {
        InvalidResponseReason(code: .malformedMultipart, detail: detail)
    }

    /// A payload of incremental delivery that does not fit the results before it, as `detail` says.
    public static func malformedIncrementalPayload(_ detail: String) -> InvalidResponseReason {
        InvalidResponseReason(code: .malformedIncrementalPayload, detail: detail)
    }

    /// The response ended while its last payload said more would follow.
    public static var unfinishedIncrementalDelivery: InvalidResponseReason { InvalidResponseReason(code: .unfinishedIncrementalDelivery) }

    /// `data` is `null` and there are no errors.
    public static var nullDataWithoutErrors: InvalidResponseReason { InvalidResponseReason(code: .nullDataWithoutErrors) }

    /// What made the body unreadable.
    public var description: String {
        switch code {
        case .emptyBody: "the body is empty"
        case .malformedJSON: "the body is not valid JSON (\(parsingError.map { "\($0)" } ?? ""))"
        case .notAGraphQLResponse: "the body is not a GraphQL response: \(detail ?? "")"
        case .unexpectedContentType: "the body has content type '\(detail ?? "")' and is not a GraphQL response"
        case .batchResultCount: "the batch's answer has \(receivedCount ?? 0) result(s) for \(expectedCount ?? 0) operation(s)"
        case .nullDataWithoutErrors: "'data' is null and there are no errors, which a GraphQL response must have then"
        case .malformedMultipart: "the multipart/mixed body is malformed: \(detail ?? "")"
        case .malformedIncrementalPayload: "a payload of the incremental response does not fit the ones before it: \(detail ?? "")"
        case .unfinishedIncrementalDelivery: "the response ended while its last payload said more would follow (hasNext: true)"
        default: "the body is not a GraphQL response (\(code))"
        }
    }
}
