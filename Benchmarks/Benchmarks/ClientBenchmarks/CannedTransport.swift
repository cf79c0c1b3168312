import Apogee
import Foundation

/// Answers every request with the same response, without a network: what remains of a round
/// trip through the client is the client's own cost.
struct CannedTransport: HTTPTransport {
    let response: HTTPTransportResponse

    init(body: String) {
        response = HTTPTransportResponse(
            head: HTTPResponse(status: .ok, headerFields: [.contentType: "application/graphql-response+json; charset=utf-8"]),
            body: Data(body.utf8)
        )
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        response
    }
}
