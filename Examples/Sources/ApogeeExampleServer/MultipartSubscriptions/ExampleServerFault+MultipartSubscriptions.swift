extension ExampleServerFault {
    /// The next multipart subscription (Apollo's `subscriptionSpec=1.0`) sends its first event,
    /// then closes the connection without the close delimiter, as a lost connection would: the
    /// client must subscribe again. The server records no completion for it.
    ///
    /// Like the `incremental…` faults, it waits in the queue for the next request it applies to
    /// (a subscription that starts over multipart); other requests pass it by.
    public static var multipartSubscriptionDropsAfterFirstEvent: ExampleServerFault {
        .init(action: .multipartSubscription(.dropAfterFirstEvent), description: "multipart subscription dropped after its first event")
    }

    /// The next multipart subscription's source fails after `events` events: the server sends
    /// the part `{"payload":null,"errors":[{"message":…}]}`, then the close delimiter, and
    /// records ``SubscriptionEvent/completedByServer(connection:id:)``.
    public static func multipartSubscriptionSourceFails(
        afterEvents events: Int = 0,
        message: String = "The subscription's source failed."
    ) -> ExampleServerFault {
        .init(
            action: .multipartSubscription(.sourceFails(afterEvents: max(0, events), message: message)),
            description: "multipart subscription whose source fails after \(events) events"
        )
    }
}
