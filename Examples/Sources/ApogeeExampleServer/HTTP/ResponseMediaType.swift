import Foundation

/// The two media types of GraphQL over HTTP responses.
enum ResponseMediaType: String, Sendable {
    /// The spec's own type: status codes then tell request errors from execution errors.
    case graphQLResponse = "application/graphql-response+json"
    /// The legacy type: a GraphQL answer is always 200.
    case json = "application/json"

    var contentType: String { rawValue + "; charset=utf-8" }

    /// Picks the type the `Accept` header prefers. Only an explicit mention selects
    /// `application/graphql-response+json`; no header, wildcards and unknown types get
    /// `application/json`, as the spec asks for clients that predate it.
    static func negotiate(accept: String?) -> ResponseMediaType {
        guard let accept else { return .json }
        var graphQLQuality: Double?
        var jsonQuality: Double?
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first else { continue }
            let quality = parts.dropFirst().compactMap { parameter -> Double? in
                guard parameter.hasPrefix("q=") else { return nil }
                return Double(parameter.dropFirst(2))
            }.first ?? 1
            switch type {
            case graphQLResponse.rawValue: graphQLQuality = max(graphQLQuality ?? 0, quality)
            case json.rawValue: jsonQuality = max(jsonQuality ?? 0, quality)
            default: continue
            }
        }
        if let graphQLQuality, graphQLQuality > 0, graphQLQuality >= (jsonQuality ?? 0) {
            return .graphQLResponse
        }
        return .json
    }
}
