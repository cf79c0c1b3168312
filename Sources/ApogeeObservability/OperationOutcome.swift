import Apogee

/// How one result, or the failure that ended an operation, counts in metrics and traces.
enum OperationOutcome: Equatable {
    /// A result without GraphQL errors.
    case data
    /// A result with GraphQL errors (partial data or none).
    case graphQLErrors(count: Int)
    /// No GraphQL result: the transport, the HTTP status or the response's shape failed.
    case transportError
    /// The caller cancelled the operation.
    case cancelled
    /// An interceptor asked for the chain to run again: the operation goes on in the new run,
    /// which records it, so this run ends without an outcome of its own.
    case chainRestarted

    /// The outcome of a result.
    init<Data>(_ result: GraphQLResult<Data>) {
        if let errors = result.errors, !errors.isEmpty {
            self = .graphQLErrors(count: errors.count)
        } else {
            self = .data
        }
    }

    /// The outcome of a thrown error.
    init(_ error: any Error) {
        switch error {
        case is RestartChain:
            self = .chainRestarted
        case is CancellationError:
            self = .cancelled
        default:
            // A task cancelled in the middle of a request often surfaces as the transport's own
            // error; counting it as a transport failure would blame the network for the caller.
            self = Task.isCancelled ? .cancelled : .transportError
        }
    }

    /// The names of ``errorType(of:)`` for Apogee's errors, as metrics and traces have them.
    private static let errorTypeNames: [ApogeeError.Code: String] = [
        .transport: "transport",
        .invalidResponse: "invalid_response",
        .responseDecoding: "response_decoding",
        .declined: "declined",
        .invalidRequest: "invalid_request",
        .tooManyChainRestarts: "too_many_chain_restarts",
        .deadlineExceeded: "deadline_exceeded",
        .noResult: "no_result",
        .subscription: "subscription",
    ]

    /// A short, fixed name of the kind of error, safe to export: no message, no URL, no body.
    static func errorType(of error: any Error) -> String {
        switch error {
        case let error as ApogeeError:
            if error.code == .httpStatus, let head = error.httpResponse { return "http_\(head.status.code)" }
            return errorTypeNames[error.code] ?? error.code.description
        case is CancellationError: return "cancelled"
        default: return String(describing: type(of: error))
        }
    }
}
