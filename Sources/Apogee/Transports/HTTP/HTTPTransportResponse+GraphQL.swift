import ApogeeAPI
import Foundation
import HTTPTypes

extension HTTPTransportResponse {
    /// Reads the body as a GraphQL response, following GraphQL over HTTP: a body of type
    /// `application/graphql-response+json` is a GraphQL response whatever the status; with
    /// `application/json` (or no type) a successful status means a GraphQL response, and an
    /// error status is read as one only if it parses as one (older servers send their errors so);
    /// anything else with an error status is an HTTP error.
    func graphQLBody() throws -> GraphQLResponseBody {
        if head.hasMediaType("application/graphql-response+json") { return try parse() }
        let successful = head.status.kind == .successful
        switch head.mediaType {
        case "application/graphql-response+json"?:
            return try parse()
        case "application/json"?, nil:
            if successful { return try parse() }
            return try parseOrHTTPError()
        case let other?:
            if successful {
                do {
                    return try GraphQLResponseBody(parsing: body)
                } catch {
                    throw ApogeeError.invalidResponse(.unexpectedContentType(other), httpResponse: head, bodyExcerpt: bodyExcerpt)
                }
            }
            throw ApogeeError.httpStatus(head, bodyExcerpt: bodyExcerpt)
        }
    }

    private func parse() throws -> GraphQLResponseBody {
        do {
            return try GraphQLResponseBody(parsing: body)
        } catch {
            throw ApogeeError.invalidResponse(error, httpResponse: head, bodyExcerpt: bodyExcerpt)
        }
    }

    private func parseOrHTTPError() throws -> GraphQLResponseBody {
        do {
            return try GraphQLResponseBody(parsing: body)
        } catch {
            throw ApogeeError.httpStatus(head, bodyExcerpt: bodyExcerpt)
        }
    }

    /// The start of the body as text, whitespace collapsed, for error messages.
    var bodyExcerpt: String {
        Self.excerpt(of: body)
    }

    /// The start of `body` as text, whitespace collapsed, for error messages: a response's, a
    /// part's or a message's.
    static func excerpt(of body: Data) -> String {
        let limit = 200
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard collapsed.count > limit || body.count > limit * 4 else { return collapsed }
        return String(collapsed.prefix(limit)) + "…"
    }
}
