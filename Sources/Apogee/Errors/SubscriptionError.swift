/// Why a subscription's stream failed, in ``ApogeeError/subscription(_:)``.
///
/// Failures the transport recovers from (a dropped connection, a restarted server) are not
/// errors: the subscription resumes after a reconnect. These are the ones it does not retry.
public enum SubscriptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server closed the connection with a code that means trying again would not help:
    /// 4400 bad request, 4401 unauthorized, 4403 forbidden, 4406 subprotocol not acceptable,
    /// 4409 subscriber already exists, 4429 too many initialisation requests, 4500 internal
    /// error, or a WebSocket code of the same kind.
    case closed(code: UInt16, reason: String)
    /// The server did not acknowledge `connection_init` in time.
    case acknowledgementTimedOut(Duration)
    /// The WebSocket could not be opened: the upgrade was refused (HTTP 404, say) or the
    /// server does not speak graphql-transport-ws.
    case upgradeFailed(String)
    /// The server sent something that is not a message of the subscription's protocol
    /// (graphql-transport-ws, or an event stream): not JSON, JSON without the fields its type
    /// needs, or a line past the event stream's limit. The excerpt is the start of the message.
    case malformedMessage(String)
    /// The server sent a message the protocol does not allow here: an unknown type, or a
    /// result for an id the client never used.
    case unexpectedMessage(String)
    /// The transport stopped trying to reconnect after this many attempts.
    case reconnectAttemptsExhausted(attempts: Int, lastFailure: String)
    /// The consumer fell further behind than the buffering policy allows.
    case consumerTooSlow(bufferedResults: Int)
    /// The server sent a message larger than the transport accepts
    /// (``GraphQLWebSocketTransport/Configuration/maximumMessageSize``). The client closes the
    /// socket with 1009 and, since the message cannot be read, every subscription on it fails:
    /// which one it was for is in the part that was not read.
    case messageTooLarge(limit: Int)
    /// The subscription was refused before anything was sent: as many subscriptions as
    /// ``GraphQLWebSocketTransport/Configuration/maximumSubscriptions`` allows are running.
    case tooManySubscriptions(limit: Int)

    /// What went wrong, in words.
    public var description: String {
        switch self {
        case .closed(let code, let reason):
            "The server closed the subscription connection with code \(code)\(reason.isEmpty ? "" : " (\(reason))")"
        case .acknowledgementTimedOut(let timeout):
            "The server did not acknowledge the connection within \(timeout)"
        case .upgradeFailed(let detail):
            "The WebSocket connection could not be opened: \(detail)"
        case .malformedMessage(let excerpt):
            "The server sent a subscription message that could not be read: \"\(excerpt)\""
        case .unexpectedMessage(let detail):
            "The server sent an unexpected message: \(detail)"
        case .reconnectAttemptsExhausted(let attempts, let lastFailure):
            "Gave up reconnecting after \(attempts) attempts; last failure: \(lastFailure)"
        case .consumerTooSlow(let buffered):
            "The subscription's consumer fell \(buffered) results behind"
        case .messageTooLarge(let limit):
            "The server sent a message larger than the limit of \(limit) bytes (maximumMessageSize)"
        case .tooManySubscriptions(let limit):
            "\(limit) subscriptions are already running on this connection, the most it allows (maximumSubscriptions)"
        }
    }
}
