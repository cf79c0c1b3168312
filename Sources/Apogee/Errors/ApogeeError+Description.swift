import Foundation

extension ApogeeError: CustomStringConvertible, LocalizedError {
    /// What happened, with the status, excerpt or path that explains it.
    public var description: String {
        let status = httpResponse.map { "HTTP \($0.status.code)" } ?? "HTTP"
        switch code {
        case .transport:
            return transportError?.description ?? "The request got no HTTP response"
        case .httpStatus:
            let phrase = httpResponse.map { " \($0.status.reasonPhrase)" } ?? ""
            return "\(status)\(phrase) with a body that is not a GraphQL response: \(Self.quoted(bodyExcerpt ?? ""))"
        case .invalidResponse:
            return "\(status): \(invalidResponseReason?.description ?? "not a GraphQL response"): \(Self.quoted(bodyExcerpt ?? ""))"
        case .responseDecoding:
            let suffix = graphQLErrors.isEmpty ? "" : " (the response also has \(graphQLErrors.count) GraphQL error(s): \(graphQLErrors.map(\.message).joined(separator: "; ")))"
            return "The response does not match the operation: \(decodingError.map { "\($0)" } ?? "")\(suffix)"
        case .declined:
            return "The request was not sent: \(reason ?? "")"
        case .invalidRequest:
            return "The request is invalid: \(reason ?? "")"
        case .tooManyChainRestarts:
            return "The interceptor chain was restarted more than \(restartLimit ?? 0) times (last reason: \(reason ?? ""))"
        case .deadlineExceeded:
            return "The operation, retries included, took longer than its deadline of \(deadline ?? .zero) and was cancelled"
        case .noResult:
            return "The operation ended without a result"
        case .subscription:
            return subscriptionError?.description ?? "The subscription failed"
        default:
            return "Apogee error \(code)"
        }
    }

    /// The same text as ``description``, so that `error.localizedDescription` says what happened.
    public var errorDescription: String? { description }

    private static func quoted(_ excerpt: String) -> String {
        excerpt.isEmpty ? "(empty body)" : "\"\(excerpt)\""
    }
}
