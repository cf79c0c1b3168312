import Apogee
import Foundation
import RocketReserverAPI

extension RocketReserverSession {
    /// The WebSocket endpoint of an HTTP endpoint: the same host and path, `ws` for `http`.
    static func webSocketURL(for endpoint: URL) -> URL {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        components?.scheme = endpoint.scheme == "https" ? "wss" : "ws"
        return components?.url ?? endpoint
    }

    /// Bookings as they happen: the tutorial's `TripsBooked` subscription.
    func tripsBooked() -> AsyncThrowingStream<GraphQLResult<TripsBookedSubscription.Data>, any Error> {
        client.subscribe(subscription: TripsBookedSubscription())
    }

    /// Returns once the WebSocket is connected and acknowledged, so that the subscriptions sent
    /// on it are running.
    func waitUntilConnected() async throws {
        for await state in await webSocket.connectionStates() {
            switch state {
            case .connected: return
            case .closed(let error): throw ApogeeError.subscription(error)
            case .idle, .connecting, .reconnecting: continue
            }
        }
    }

    /// Prints each booking event until the subscription ends or the task is cancelled.
    func printTripsBooked() async throws {
        for try await result in tripsBooked() {
            try result.throwIfErrors()
            print(Self.describe(result))
        }
    }

    /// One event, as the tutorial's notification shows it.
    static func describe(_ result: GraphQLResult<TripsBookedSubscription.Data>) -> String {
        guard let count = result.data?.tripsBooked else { return "A booking event with no count." }
        return count == 1 ? "Someone just booked a trip!" : "Someone just booked \(count) trips!"
    }
}
