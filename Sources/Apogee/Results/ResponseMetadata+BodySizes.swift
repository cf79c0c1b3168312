extension ResponseMetadata {
    /// The sizes of the bodies of the one exchange that produced a result.
    ///
    /// Only a transport that sent one request for this one result knows both sides, so
    /// results of subscriptions, batches and WebSocket operations have none.
    public struct BodySizes: Sendable, Hashable {
        /// The request body's size in bytes; `nil` for a streamed body of unknown length.
        public var sent: Int?
        /// The response body's size in bytes, as the transport received it (after any content
        /// decoding its HTTP stack does).
        public var received: Int

        /// Sizes of one exchange.
        public init(sent: Int?, received: Int) {
            self.sent = sent
            self.received = received
        }
    }
}
