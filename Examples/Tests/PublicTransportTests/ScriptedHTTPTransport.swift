import Apogee
import Foundation
import HTTPTypes

/// An ``HTTPTransport`` that answers each request with the body scripted for its operation's
/// name: the tests' stand-in for a server behind Apogee's own GraphQL-over-HTTP transport,
/// whose store the in-memory transport's must match.
struct ScriptedHTTPTransport: HTTPTransport {
    /// The body of the answer, and its media type, by operation name.
    let answers: [String: (mediaType: String, body: String)]

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        guard let sent = request.body.data,
              let name = try JSONValue(parsing: sent).objectValue?["operationName"]?.stringValue,
              let answer = answers[name]
        else {
            return HTTPTransportResponse(head: HTTPResponse(status: .badRequest), body: Data())
        }
        return HTTPTransportResponse(
            head: HTTPResponse(status: .ok, headerFields: [.contentType: answer.mediaType]),
            body: Data(answer.body.utf8)
        )
    }
}
