import Logging

extension ExampleServer {
    /// How to run an example server.
    public struct Configuration: Sendable {
        /// The address to listen on; loopback by default.
        public var host: String
        /// The port; 0 asks the system for a free one (read it back from ``ExampleServer/port``).
        public var port: Int
        /// A pause before every mutation runs, so an optimistic update is visible before the
        /// server answers. Zero by default; ``ExampleServer/setMutationDelay(_:)`` changes it later.
        public var mutationDelay: Duration
        /// Makes every Todo mutation fail with a GraphQL error (code `FORBIDDEN`), for rollback
        /// tests. Independently of it, a to-do whose text contains "locked" (the seed has one)
        /// always refuses to be changed, renamed or removed.
        public var rejectsTodoMutations: Bool
        /// The largest JSON request body accepted (and, for multipart requests, the largest
        /// `operations` or `map` field; files stream to disk and have no limit); larger get HTTP 413.
        public var maximumBodySize: Int
        /// Refuses multipart requests without an `Apollo-Require-Preflight` or
        /// `X-Apollo-Operation-Name` header, as CSRF-protected servers (Apollo Server) do.
        public var requiresUploadPreflightHeader: Bool
        /// Whether the server honours a request's `onError` (graphql-spec pull request 1163).
        /// True by default; false answers as a server that has never heard of it does, which
        /// ignores the member and propagates errors.
        public var understandsOnError = true
        /// How much the server logs; quiet by default so tests stay readable.
        public var logLevel: Logger.Level
        /// The secret that signs RocketReserver session tokens. `nil` (the default) draws a
        /// random one, so no two servers accept each other's logins; a server started again
        /// with the same secret accepts the logins of the one before.
        public var sessionSecret: String?
        /// Makes a graphql-transport-ws `connection_init` without an `Authorization` value close
        /// the socket with 4401. By default a socket may stay anonymous, as HTTP requests may.
        public var requiresWebSocketAuthentication: Bool
        /// How long a graphql-transport-ws client has, after the upgrade, to send
        /// `connection_init` before the server closes the socket with 4408. 30 seconds by
        /// default, where graphql-ws waits 3: under the thread sanitizer, with the whole suite in
        /// parallel on two cores, a client has taken longer than 3 seconds, and the reconnect
        /// that follows a 4408 changes what a test counts. Tests of the timeout set a short one.
        public var connectionInitTimeout: Duration
        /// When set, the server sends a graphql-transport-ws `ping` message on every
        /// acknowledged socket at this interval (the client's `pong`s are recorded); `nil`, the
        /// default, sends none so that tests see only the messages they caused.
        public var webSocketPingInterval: Duration?
        /// Whether ``ExampleServer/subscriptionEvents`` keeps every event; true by default.
        /// A benchmark that churns through thousands of subscriptions turns it off, so the
        /// record does not grow with them; the running count and the opened-socket count
        /// are kept either way.
        public var recordsSubscriptionEvents: Bool = true
        /// When set, the server serves HTTPS with this certificate, offering HTTP/2 and
        /// HTTP/1.1, and ``ExampleServer/baseURL`` says `https`; `nil`, the default, serves
        /// plain HTTP/1.1 with WebSocket upgrades.
        public var tlsIdentity: TLSIdentity?
        /// The pause before each part of an incremental (`@defer`, `@stream`) answer but the
        /// first, so that a client sees the initial payload well before the rest. 20 ms by
        /// default; a test that looks at the first part alone sets a long one, and the client
        /// leaving ends the pause early.
        public var incrementalDelay: Duration = .milliseconds(20)
        /// How often a multipart subscription (Apollo's `subscriptionSpec=1.0`) sends a
        /// heartbeat part (`{}`) to keep its connection open; one also goes out right after the
        /// response's head. 5 seconds by default, as Apollo Router; tests of heartbeats set a
        /// short one.
        public var multipartHeartbeatInterval: Duration = .seconds(5)

        /// - Parameters:
        ///   - host: the address to listen on.
        ///   - port: the port, 0 for any free one.
        ///   - mutationDelay: a pause before each mutation.
        ///   - rejectsTodoMutations: whether every Todo mutation fails.
        ///   - maximumBodySize: the largest JSON body accepted.
        ///   - requiresUploadPreflightHeader: whether multipart requests need a CSRF-preflight header.
        ///   - sessionSecret: the secret that signs login tokens; random when `nil`.
        ///   - logLevel: how much the server logs.
        ///   - requiresWebSocketAuthentication: whether a WebSocket `connection_init` must carry a token.
        ///   - connectionInitTimeout: how long a WebSocket client has to send `connection_init`.
        ///   - webSocketPingInterval: how often the server pings acknowledged WebSockets, if at all.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            mutationDelay: Duration = .zero,
            rejectsTodoMutations: Bool = false,
            maximumBodySize: Int = 16 * 1024 * 1024,
            requiresUploadPreflightHeader: Bool = false,
            logLevel: Logger.Level = .error,
            sessionSecret: String? = nil,
            requiresWebSocketAuthentication: Bool = false,
            connectionInitTimeout: Duration = .seconds(30),
            webSocketPingInterval: Duration? = nil
        ) {
            self.host = host
            self.port = port
            self.mutationDelay = mutationDelay
            self.rejectsTodoMutations = rejectsTodoMutations
            self.maximumBodySize = maximumBodySize
            self.requiresUploadPreflightHeader = requiresUploadPreflightHeader
            self.logLevel = logLevel
            self.sessionSecret = sessionSecret
            self.requiresWebSocketAuthentication = requiresWebSocketAuthentication
            self.connectionInitTimeout = connectionInitTimeout
            self.webSocketPingInterval = webSocketPingInterval
        }
    }
}
