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
        /// How many times interceptors may restart the chain for one operation.
        public var maximumChainRestarts: Int
        /// The header field file uploads carry for CSRF-protected servers; `nil` for none. A
        /// request's own ``RequestContext/uploadPreflightHeader``, when set, wins.
        public var uploadPreflightHeader: UploadPreflightHeader?

        /// Creates a configuration.
        public init(
            timeout: Duration = .seconds(60),
            headers: HTTPFields = [:],
            useGETForQueries: Bool = false,
            maximumChainRestarts: Int = 3,
            uploadPreflightHeader: UploadPreflightHeader? = .apolloRequirePreflight
        ) {
            self.timeout = timeout
            self.headers = headers
            self.useGETForQueries = useGETForQueries
            self.maximumChainRestarts = maximumChainRestarts
            self.uploadPreflightHeader = uploadPreflightHeader
        }
    }
}
