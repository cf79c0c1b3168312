import ApogeeAPI
import Foundation
import HTTPTypes

extension GraphQLRequest {
    /// The media types a GraphQL-over-HTTP client accepts, the newer one preferred.
    static var acceptedMediaTypes: String { GraphQLOverHTTP.acceptedMediaTypes }

    /// The HTTP request that carries this GraphQL request, with its deadline when the chain
    /// keeps it itself.
    func httpRequest() throws -> HTTPTransportRequest {
        var request = try httpRequestWithoutDeadline()
        request.deadline = context.requestDeadline
        return request
    }

    private func httpRequestWithoutDeadline() throws -> HTTPTransportRequest {
        if body.containsUploads {
            // Files cannot travel in a URL or a JSON body, whatever the method asked for.
            return try multipartRequest()
        }
        switch method {
        case .post:
            var headers = headers
            if !headers.contains(.contentType) {
                headers[.contentType] = "application/json"
            }
            return HTTPTransportRequest(method: .post, url: url, headers: headers, body: .bytes(body.jsonBytes()), timeout: timeout)
        case .get:
            guard Operation.operationType == .query else {
                throw ApogeeError.invalidRequest(reason: "\(Operation.operationType.rawValue) \(Operation.operationName) cannot be sent with GET; only queries can")
            }
            var headers = headers
            headers[.contentType] = nil
            return HTTPTransportRequest(method: .get, url: try urlWithParameters(), headers: headers, timeout: timeout)
        default:
            throw ApogeeError.invalidRequest(reason: "GraphQL over HTTP uses GET or POST, not \(method.rawValue)")
        }
    }

    private func urlWithParameters() throws -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw ApogeeError.invalidRequest(reason: "\(url) cannot take query parameters")
        }
        let encoded = body.queryParameters().map { "\(QueryParameterEncoding.percentEncoded($0.name))=\(QueryParameterEncoding.percentEncoded($0.value))" }
        let existing = components.percentEncodedQuery.map { [$0] } ?? []
        components.percentEncodedQuery = (existing + encoded).joined(separator: "&")
        guard let url = components.url else {
            throw ApogeeError.invalidRequest(reason: "the GET parameters do not make a valid URL")
        }
        return url
    }
}

/// Percent-encoding for GET parameters.
enum QueryParameterEncoding {
    /// Encodes everything but unreserved characters, so that `+`, `&` and `=` in a document or in
    /// JSON survive servers that read `+` as a space.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension GraphQLRequest {
    /// Asks for the response uncompressed unless the caller chose an encoding: a response read
    /// as it streams (events, parts) is held back in proxies' buffers when compressed, and a
    /// compressed stream is counted whole where it is inflated.
    mutating func preferUncompressedStream() {
        if !headers.contains(.acceptEncoding) {
            headers[.acceptEncoding] = "identity"
        }
    }
}

/// GraphQL over HTTP's constants that do not depend on an operation.
enum GraphQLOverHTTP {
    /// The media types of a GraphQL response a client accepts, the newer one preferred.
    static let acceptedMediaTypes = "application/graphql-response+json, application/json;q=0.9"
}
