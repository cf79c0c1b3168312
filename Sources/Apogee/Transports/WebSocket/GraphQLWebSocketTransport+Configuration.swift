import ApogeeAPI
import HTTPTypes

extension GraphQLWebSocketTransport {
    /// How the transport connects, keeps the connection alive and comes back after losing it.
    public struct Configuration: Sendable {
        /// What `connection_init` carries; the token of an ``AuthorizationInterceptor`` or a
        /// ``TokenStore``, say. Asked for again on every reconnect.
        public var connectionPayload: ConnectionPayload
        /// How long to wait for `connection_ack` before giving the connection up (and trying
        /// again, as for a lost connection). 10 seconds by default.
        public var acknowledgementTimeout: Duration
        /// How often to send `ping` once connected; a `pong` must come back before the next one
        /// is due, or the connection counts as lost. `nil` sends none. 12 seconds by default.
        public var keepAliveInterval: Duration?
        /// How long the socket stays open after its last subscription ends, so that a screen
        /// that resubscribes at once reuses it. 3 seconds by default; zero closes at once.
        public var closeGracePeriod: Duration
        /// How long a close that the client starts (a missing `pong`, a missing
        /// `connection_ack`, the last subscription gone) waits for the server's close frame.
        /// A server that does not answer in time (a half-open connection behind a NAT or a
        /// load balancer, a hung proxy) is dropped and the loss handled as any other. 3 seconds
        /// by default.
        public var closeTimeout: Duration
        /// How often and how soon to reconnect after losing the connection; its
        /// ``RetryPolicy/maximumAttempts`` counts attempts in a row without a stable
        /// connection (see ``stableConnectionDuration``). 8 attempts from 0.5 s, doubling up
        /// to 30 s, with jitter, by default.
        public var reconnection: RetryPolicy
        /// How long an acknowledged connection must last before its loss starts the count of
        /// reconnection attempts over. A connection lost sooner counts as one more failed
        /// attempt, so a server that acknowledges and drops at once gets growing delays and is
        /// given up on after ``RetryPolicy/maximumAttempts``, like one that refuses
        /// connections. 10 seconds by default.
        public var stableConnectionDuration: Duration
        /// Waits between reconnection attempts and between keep-alive pings; tests pass one
        /// that records the delays, or one that they step by hand.
        public var sleeper: any Sleeper
        /// How many results a subscription keeps for a consumer that reads slower than they
        /// arrive. When one more arrives the oldest is dropped, and the subscription fails
        /// with ``SubscriptionError/consumerTooSlow(bufferedResults:)`` if
        /// ``failsWhenConsumerFallsBehind`` is set. 1,000 by default.
        public var bufferedResultsLimit: Int
        /// Whether a consumer that falls behind by more than ``bufferedResultsLimit`` fails the
        /// subscription instead of losing the oldest results. Off by default.
        public var failsWhenConsumerFallsBehind: Bool
        /// Header fields of the upgrade request. An `Origin` here replaces the one of
        /// ``sendsOrigin``.
        public var headers: HTTPFields
        /// Whether the upgrade request carries an `Origin`: the endpoint's own
        /// (`http://host:port` for `ws://`, `https://host:port` for `wss://`, the port left
        /// out when it is the default), which servers with a same-origin check accept. On by
        /// default; off sends none, for a server that refuses any origin it was not told of.
        public var sendsOrigin: Bool
        /// The largest message accepted from the server, in bytes: one frame, or the frames of
        /// a fragmented message together. A larger one closes the socket with 1009 and fails
        /// every subscription on it with ``SubscriptionError/messageTooLarge(limit:)``, with
        /// nothing written to the store and no reconnect. 16 MiB by default. On the `.nio` stack
        /// a frame past the limit is refused before it is read; memory for one message never
        /// passes twice the limit.
        public var maximumMessageSize: Int
        /// The most subscriptions (and operations) running at once over the socket; one more
        /// fails at once with ``SubscriptionError/tooManySubscriptions(limit:)`` and is never
        /// sent. A guard against a loop that subscribes without end. 500 by default.
        public var maximumSubscriptions: Int

        /// Creates a configuration.
        public init(
            connectionPayload: ConnectionPayload = .none,
            acknowledgementTimeout: Duration = .seconds(10),
            keepAliveInterval: Duration? = .seconds(12),
            closeGracePeriod: Duration = .seconds(3),
            closeTimeout: Duration = .seconds(3),
            reconnection: RetryPolicy = RetryPolicy(maximumAttempts: 8, initialDelay: .milliseconds(500), maximumDelay: .seconds(30)),
            stableConnectionDuration: Duration = .seconds(10),
            sleeper: any Sleeper = TaskSleeper(),
            bufferedResultsLimit: Int = 1_000,
            failsWhenConsumerFallsBehind: Bool = false,
            headers: HTTPFields = [:],
            sendsOrigin: Bool = true,
            maximumMessageSize: Int = 16 * 1024 * 1024,
            maximumSubscriptions: Int = 500
        ) {
            self.connectionPayload = connectionPayload
            self.acknowledgementTimeout = acknowledgementTimeout
            self.keepAliveInterval = keepAliveInterval
            self.closeGracePeriod = closeGracePeriod
            self.closeTimeout = closeTimeout
            self.reconnection = reconnection
            self.stableConnectionDuration = stableConnectionDuration
            self.sleeper = sleeper
            self.bufferedResultsLimit = max(bufferedResultsLimit, 1)
            self.failsWhenConsumerFallsBehind = failsWhenConsumerFallsBehind
            self.headers = headers
            self.sendsOrigin = sendsOrigin
            self.maximumMessageSize = maximumMessageSize
            self.maximumSubscriptions = max(maximumSubscriptions, 1)
        }
    }

    /// The payload of `connection_init`, made each time the transport connects.
    public struct ConnectionPayload: Sendable {
        /// Makes the payload; `nil` sends `connection_init` without one.
        public let make: @Sendable () async throws -> JSONObject?

        /// A payload made by a closure.
        public init(_ make: @escaping @Sendable () async throws -> JSONObject?) {
            self.make = make
        }

        /// No payload.
        public static let none = ConnectionPayload { nil }

        /// The token that `interceptor` would send over HTTP, under the same name and with the
        /// same scheme (`{"Authorization": "Bearer <token>"}`); no payload without a token.
        public static func authorization(_ interceptor: AuthorizationInterceptor) -> ConnectionPayload {
            ConnectionPayload {
                guard let token = try await interceptor.token() else { return nil }
                return [interceptor.fieldName.canonicalName: .string(interceptor.headerValue(for: token))]
            }
        }

        /// The token of `tokenStore`, as ``AuthorizationInterceptor`` with the same store sends
        /// it: `{"Authorization": "Bearer <token>"}`.
        public static func token(from tokenStore: some TokenStore, scheme: String? = "Bearer") -> ConnectionPayload {
            authorization(AuthorizationInterceptor(scheme: scheme, tokenStore: tokenStore))
        }
    }
}
