import Foundation

extension ApogeeError: CustomStringConvertible, LocalizedError {
    /// What happened, with the status, excerpt or path that explains it.
    public var description: String {
        switch self {
        case .transport(let error):
            return error.description
        case .httpStatus(let response, let excerpt):
            return "HTTP \(response.status.code) \(response.status.reasonPhrase) with a body that is not a GraphQL response: \(Self.quoted(excerpt))"
        case .invalidResponse(let reason, let response, let excerpt):
            return "HTTP \(response.status.code): \(reason): \(Self.quoted(excerpt))"
        case .responseDecoding(let error, let graphQLErrors):
            let suffix = graphQLErrors.isEmpty ? "" : " (the response also has \(graphQLErrors.count) GraphQL error(s): \(graphQLErrors.map(\.message).joined(separator: "; ")))"
            return "The response does not match the operation: \(error)\(suffix)"
        case .declined(let reason):
            return "The request was not sent: \(reason)"
        case .invalidRequest(let reason):
            return "The request is invalid: \(reason)"
        case .tooManyChainRestarts(let limit, let reason):
            return "The interceptor chain was restarted more than \(limit) times (last reason: \(reason))"
        case .deadlineExceeded(let deadline):
            return "The operation, retries included, took longer than its deadline of \(deadline) and was cancelled"
        case .noResult:
            return "The operation ended without a result"
        case .subscription(let error):
            return error.description
        }
    }

    /// The same text as ``description``, so that `error.localizedDescription` says what happened.
    public var errorDescription: String? { description }

    private static func quoted(_ excerpt: String) -> String {
        excerpt.isEmpty ? "(empty body)" : "\"\(excerpt)\""
    }
}
