import Foundation
import HTTPTypes

extension ApogeeClient {
    /// Settings that apply to every operation a client sends.
    public struct Configuration: Sendable {
        /// How long to wait for a response. Foundation applies it as the longest wait for the
        /// next bytes of the response. 60 seconds by default.
        public var timeout: Duration
        /// Header fields sent with every request (a client name and version, say).
        public var headers: HTTPFields
        /// Whether queries are sent with `GET`, which lets HTTP caches keep them. Mutations are
        /// always sent with `POST`.
        public var useGETForQueries: Bool
        /// The `onError` every request sends (``ErrorBehavior``): what the server does with a
        /// field error. `nil`, the default, sends none, as servers that do not know it need;
        /// ``RequestContext/onError`` sets it for one request.
        public var onError: ErrorBehavior? = nil
        /// How many times interceptors may restart the chain for one operation.
        public var maximumChainRestarts: Int
        /// The header field file uploads carry for CSRF-protected servers; `nil` for none. A
        /// request's own ``RequestContext/uploadPreflightHeader``, when set, wins.
        public var uploadPreflightHeader: UploadPreflightHeader?
        /// Whether a response's `Cache-Control` header decides how long what it wrote stays
        /// fresh: `max-age=N` makes the fields it wrote expire after N seconds (unless the
        /// schema declares their own `@cacheControl` age), and `no-store` keeps the response
        /// out of the store. Off by default, as in Apollo Kotlin.
        public var usesServerCacheControl: Bool
        /// The longest a query or a mutation may take from the first byte sent to its result,
        /// retries and their backoff included; past it the request is cancelled and fails with
        /// ``ApogeeError/deadlineExceeded(_:)``. ``timeout`` bounds only the wait for the next
        /// bytes, so a server that sends a byte now and then would otherwise hold a request
        /// forever. Five minutes by default; `nil` for none. Requests with files are not held
        /// to it (they take as long as their upload does), nor are subscriptions.
        public var requestDeadline: Duration?
        /// Where subscription events are written into the store: a serial queue of the
        /// client's own by default, so that a burst of events does not hold the cooperative
        /// thread pool.
        public var subscriptionWriteQueue: SubscriptionWriteQueue

        /// Creates a configuration.
        public init(
            timeout: Duration = .seconds(60),
            headers: HTTPFields = [:],
            useGETForQueries: Bool = false,
            maximumChainRestarts: Int = 3,
            uploadPreflightHeader: UploadPreflightHeader? = .apolloRequirePreflight,
            usesServerCacheControl: Bool = false,
            requestDeadline: Duration? = .seconds(300),
            subscriptionWriteQueue: SubscriptionWriteQueue = .dedicated
        ) {
            self.subscriptionWriteQueue = subscriptionWriteQueue
            self.requestDeadline = requestDeadline
            self.usesServerCacheControl = usesServerCacheControl
            self.timeout = timeout
            self.headers = headers
            self.useGETForQueries = useGETForQueries
            self.maximumChainRestarts = maximumChainRestarts
            self.uploadPreflightHeader = uploadPreflightHeader
        }
    }
}
