import Apogee
import Foundation
import HTTPTypes

/// An `HTTPTransport` that answers every request with the same response, without a
/// network: for tests of code that uses an `ApogeeClient`, and for measuring what a round
/// trip costs in the client alone.
///
/// ```swift
/// let transport = CannedTransport(body: #"{"data":{"launch":{"__typename":"Launch","id":"25","site":"KSC"}}}"#)
/// let client = ApogeeClient(url: URL(string: "https://example.com/graphql")!, transport: transport)
/// let result = try await client.fetch(query: LaunchSiteQuery(id: "25"))   // from the canned body
/// ```
public struct CannedTransport: HTTPTransport {
    /// The response every request gets.
    public let response: HTTPTransportResponse

    /// A transport that answers with `response`.
    public init(response: HTTPTransportResponse) {
        self.response = response
    }

    /// A transport that answers with `body` as a GraphQL response, with `status`.
    public init(body: String, status: HTTPResponse.Status = .ok) {
        response = HTTPTransportResponse(
            head: HTTPResponse(status: status, headerFields: [.contentType: "application/graphql-response+json; charset=utf-8"]),
            body: Data(body.utf8)
        )
    }

    /// A transport that answers with `body`, such as a response built from test data
    /// (`operation.buildResponse(root)`), with `status`.
    public init(json body: JSONObject, status: HTTPResponse.Status = .ok) {
        self.init(body: JSONValue.object(body).serializedString, status: status)
    }

    /// Returns the canned response.
    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        response
    }
}

/// A canned response comes at once, so no deadline can pass while it is being sent: the
/// client runs the request in the calling task, as it does on a transport that keeps the
/// deadline itself.
extension CannedTransport: KeepsRequestDeadline {}
