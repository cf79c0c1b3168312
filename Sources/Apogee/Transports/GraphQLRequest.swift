import ApogeeAPI
import Foundation
import HTTPTypes

/// An operation on its way to the server, as interceptors see it and may change it.
///
/// Interceptors change the URL, the method, the header fields or the body; the client writes
/// the HTTP request from it only at the end of the chain.
public struct GraphQLRequest<Operation: GraphQLOperation>: Sendable {
    /// The operation being sent.
    public let operation: Operation
    /// The endpoint the client is configured with. Credentials are only ever sent to its
    /// origin, whatever ``url`` becomes.
    public let endpoint: URL
    /// Where the request goes; the endpoint unless an interceptor changes it.
    public var url: URL
    /// `POST`, or `GET` for a query whose server accepts it. Mutations are always sent with
    /// `POST`: a mutation with `GET` fails with ``ApogeeError/invalidRequest(reason:)``.
    public var method: HTTPRequest.Method
    /// The header fields to send.
    public var headers: HTTPFields
    /// The GraphQL request: document, operation name, variables and extensions.
    public var body: GraphQLRequestBody
    /// How long to wait for the response before failing with a timeout.
    public var timeout: Duration
    /// Values that interceptors pass to each other.
    public var context: RequestContext
    /// How the results arrive: one, several parts of one result, or one per event. Set from
    /// the operation when the request is made.
    public let delivery: ResultDelivery

    /// Creates a request for an operation.
    public init(
        operation: Operation,
        endpoint: URL,
        method: HTTPRequest.Method = .post,
        headers: HTTPFields = [:],
        timeout: Duration = .seconds(60),
        context: RequestContext = RequestContext()
    ) {
        self.operation = operation
        self.endpoint = endpoint
        self.url = endpoint
        self.method = method
        self.headers = headers
        self.body = GraphQLRequestBody(operation: operation)
        self.timeout = timeout
        self.context = context
        self.delivery = ResultDelivery(for: Operation.self)
    }

    /// Adds a header field, as Apollo iOS's interceptors do
    /// (`request.addHeader(name: "Authorization", value: token)`). A name that is not a valid
    /// HTTP field name is ignored.
    public mutating func addHeader(name: String, value: String) {
        guard let fieldName = HTTPField.Name(name) else { return }
        headers.append(HTTPField(name: fieldName, value: value))
    }

    /// Whether the request goes to the origin of the configured endpoint, the only place
    /// credentials may be sent.
    public var isSentToEndpointOrigin: Bool {
        Origin.same(url, endpoint)
    }
}
