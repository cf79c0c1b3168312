import ApogeeAPI
import ApogeeExampleServer
import Foundation

extension ExampleServer {
    /// Waits until `event` is in the log.
    func waitFor(_ event: SubscriptionEvent) async {
        await waitForSubscriptionEvents { $0.contains(event) }
    }

    /// Waits until the log has a `subscribed` event for `id` (the operation's source exists).
    func waitForSubscription(id: String, connection: Int? = nil) async {
        await waitForSubscriptionEvents { events in
            events.contains { event in
                guard case .subscribed(let eventConnection, let eventID, _, _) = event else { return false }
                return eventID == id && (connection == nil || eventConnection == connection)
            }
        }
    }

    /// The ids of the Server-Sent Events operations the log has seen start, in order.
    var serverSentEventsIDs: [String] {
        subscriptionEvents.compactMap { event in
            guard case .subscribed(nil, let id, _, .serverSentEvents) = event else { return nil }
            return id
        }
    }
}

/// The payload of a `next` message.
func payload(_ message: JSONValue) -> JSONValue? {
    message[path: "payload"]
}
