/// A misbehaviour of the next multipart subscription (see the `multipartSubscription…`
/// faults of ``ExampleServerFault``).
enum MultipartSubscriptionFault: Sendable, Equatable {
    /// After the first event, the connection closes without the close delimiter.
    case dropAfterFirstEvent
    /// After `events` events, the source fails with `message`.
    case sourceFails(afterEvents: Int, message: String)
}
