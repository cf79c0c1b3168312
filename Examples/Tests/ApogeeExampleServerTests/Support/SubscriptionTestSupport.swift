@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import Testing

extension ExampleServer {
    /// Waits until `event` is in the log.
    func waitFor(_ event: SubscriptionEvent) async {
        await waitForSubscriptionEvents { $0.contains(event) }
    }

    /// An acknowledged socket to `url` with the subscription `id` started on it: returns once
    /// the server's log has the subscription, so the test's next step meets a running source.
    func subscribedSocket(
        _ url: URL, id: String, query: String, operationName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestWebSocket {
        let socket = try await TestWebSocket.openAcknowledged(url, sourceLocation: sourceLocation)
        try await socket.subscribe(id: id, query: query, operationName: operationName)
        await waitForSubscription(id: id)
        return socket
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
