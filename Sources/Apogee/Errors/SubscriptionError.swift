/// Why a subscription's stream failed, in ``ApogeeError/subscriptionError``.
///
/// Failures the transport recovers from (a dropped connection, a restarted server) are not
/// errors: the subscription resumes after a reconnect. These are the ones it does not retry.
///
/// A struct with codes, not an enum, so that a new kind of failure can be added without
/// breaking code that handles the ones it knows.
public struct SubscriptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. Compare with its static members (`error.code == .closed`); a
    /// `switch` over it needs a `default`, since codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// The server closed the connection with a code that means trying again would not
        /// help (``SubscriptionError/closeCode``): 4400 bad request, 4401 unauthorized, 4403
        /// forbidden, 4406 subprotocol not acceptable, 4409 subscriber already exists, 4429 too
        /// many initialisation requests, 4500 internal error, or a WebSocket code of the same
        /// kind.
        public static let closed = Code("closed")
        /// The server did not acknowledge `connection_init` within
        /// ``SubscriptionError/timeout``.
        public static let acknowledgementTimedOut = Code("acknowledgementTimedOut")
        /// The WebSocket could not be opened: the upgrade was refused (HTTP 404, say) or the
        /// server does not speak graphql-transport-ws.
        public static let upgradeFailed = Code("upgradeFailed")
        /// The server sent something that is not a message of the subscription's protocol
        /// (graphql-transport-ws, or an event stream): not JSON, JSON without the fields its
        /// type needs, or a line past the event stream's limit.
        public static let malformedMessage = Code("malformedMessage")
        /// The server sent a message the protocol does not allow here: an unknown type, or a
        /// result for an id the client never used.
        public static let unexpectedMessage = Code("unexpectedMessage")
        /// The transport stopped trying to reconnect after ``SubscriptionError/attempts``.
        public static let reconnectAttemptsExhausted = Code("reconnectAttemptsExhausted")
        /// The consumer fell further behind than the buffering policy allows.
        public static let consumerTooSlow = Code("consumerTooSlow")
        /// The server sent a message larger than the transport accepts
        /// (``GraphQLWebSocketTransport/Configuration/maximumMessageSize``). The client closes
        /// the socket with 1009 and, since the message cannot be read, every subscription on it
        /// fails: which one it was for is in the part that was not read.
        public static let messageTooLarge = Code("messageTooLarge")
        /// The subscription was refused before anything was sent: as many subscriptions as
        /// ``GraphQLWebSocketTransport/Configuration/maximumSubscriptions`` allows are running.
        public static let tooManySubscriptions = Code("tooManySubscriptions")

        /// The code's name, as its static member spells it.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// For ``Code/closed``: the close code the server sent.
    public let closeCode: UInt16?
    /// What the server or the transport said: the close reason for ``Code/closed``, why the
    /// upgrade failed, the start of a malformed message, what was unexpected, or the last
    /// failure before the transport stopped reconnecting.
    public let message: String?
    /// For ``Code/acknowledgementTimedOut``: how long the client waited.
    public let timeout: Duration?
    /// For ``Code/reconnectAttemptsExhausted``: how many times the transport tried.
    public let attempts: Int?
    /// For ``Code/messageTooLarge`` and ``Code/tooManySubscriptions``: the limit; for
    /// ``Code/consumerTooSlow``: the results buffered when it gave up.
    public let limit: Int?

    private init(code: Code, closeCode: UInt16? = nil, message: String? = nil, timeout: Duration? = nil, attempts: Int? = nil, limit: Int? = nil) {
        self.code = code
        self.closeCode = closeCode
        self.message = message
        self.timeout = timeout
        self.attempts = attempts
        self.limit = limit
    }

    /// The server closed the connection with `code` and `reason`.
    public static func closed(code: UInt16, reason: String) -> SubscriptionError {
        SubscriptionError(code: .closed, closeCode: code, message: reason)
    }

    /// No acknowledgement of `connection_init` within `timeout`.
    public static func acknowledgementTimedOut(_ timeout: Duration) -> SubscriptionError {
        SubscriptionError(code: .acknowledgementTimedOut, timeout: timeout)
    }

    /// The WebSocket could not be opened, as `detail` says.
    public static func upgradeFailed(_ detail: String) -> SubscriptionError {
        SubscriptionError(code: .upgradeFailed, message: detail)
    }

    /// A message that could not be read, starting with `excerpt`.
    public static func malformedMessage(_ excerpt: String) -> SubscriptionError {
        SubscriptionError(code: .malformedMessage, message: excerpt)
    }

    /// A message the protocol does not allow here, as `detail` says.
    public static func unexpectedMessage(_ detail: String) -> SubscriptionError {
        SubscriptionError(code: .unexpectedMessage, message: detail)
    }

    /// The transport gave up reconnecting after `attempts`.
    public static func reconnectAttemptsExhausted(attempts: Int, lastFailure: String) -> SubscriptionError {
        SubscriptionError(code: .reconnectAttemptsExhausted, message: lastFailure, attempts: attempts)
    }

    /// The consumer fell `bufferedResults` behind.
    public static func consumerTooSlow(bufferedResults: Int) -> SubscriptionError {
        SubscriptionError(code: .consumerTooSlow, limit: bufferedResults)
    }

    /// A message past `limit` bytes.
    public static func messageTooLarge(limit: Int) -> SubscriptionError {
        SubscriptionError(code: .messageTooLarge, limit: limit)
    }

    /// `limit` subscriptions already run on the connection.
    public static func tooManySubscriptions(limit: Int) -> SubscriptionError {
        SubscriptionError(code: .tooManySubscriptions, limit: limit)
    }

    /// What went wrong, in words.
    public var description: String {
        let message = message ?? ""
        let limit = limit ?? 0
        return switch code {
        case .closed:
            "The server closed the subscription connection with code \(closeCode ?? 0)\(message.isEmpty ? "" : " (\(message))")"
        case .acknowledgementTimedOut:
            "The server did not acknowledge the connection within \(timeout ?? .zero)"
        case .upgradeFailed:
            "The WebSocket connection could not be opened: \(message)"
        case .malformedMessage:
            "The server sent a subscription message that could not be read: \"\(message)\""
        case .unexpectedMessage:
            "The server sent an unexpected message: \(message)"
        case .reconnectAttemptsExhausted:
            "Gave up reconnecting after \(attempts ?? 0) attempts; last failure: \(message)"
        case .consumerTooSlow:
            "The subscription's consumer fell \(limit) results behind"
        case .messageTooLarge:
            "The server sent a message larger than the limit of \(limit) bytes (maximumMessageSize)"
        case .tooManySubscriptions:
            "\(limit) subscriptions are already running on this connection, the most it allows (maximumSubscriptions)"
        default:
            "The subscription failed (\(code))"
        }
    }
}
