/// The sizes of the HTTP bodies of the one exchange that produced a result.
///
/// Package access: it is what ApogeeObservability counts as bytes sent and received, and only
/// the HTTP transport knows both sides of the exchange at once.
package struct HTTPBodySizes: Sendable, Hashable {
    /// The request body's size in bytes; `nil` for a streamed body of unknown length.
    package var sent: Int?
    /// The response body's size in bytes, as the HTTP stack handed it over (after any content
    /// decoding it does).
    package var received: Int

    /// Sizes of one exchange.
    package init(sent: Int?, received: Int) {
        self.sent = sent
        self.received = received
    }
}
