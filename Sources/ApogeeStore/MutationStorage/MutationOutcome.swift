import ApogeeAPI

/// How a queued mutation ended, as the storage remembers it after it leaves the queue, so
/// that a caller can still learn it, even in a later run of the process.
public enum MutationOutcome: Sendable, Hashable {
    /// The server answered: the response body's JSON (`data`, `errors`, or both). A response
    /// with errors is delivered too: the server decided, and sending again would not change it.
    case delivered(response: JSONObject)
    /// It was given up without a GraphQL answer, for the reason given (an HTTP status that
    /// says the request itself is wrong, or a response that cannot be read).
    case failed(reason: String)
    /// It was cancelled before it was sent.
    case cancelled
}
