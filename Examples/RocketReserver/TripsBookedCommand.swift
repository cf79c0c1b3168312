import Apogee
import ApogeeExampleServer
import ArgumentParser

/// `rocket-reserver trips-booked`: prints each booking as it happens, until interrupted.
struct TripsBookedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trips-booked",
        abstract: "Print each booking as it happens (the tripsBooked subscription), until interrupted."
    )

    @OptionGroup var endpoint: EndpointOptions

    func run() async throws {
        let url = try endpoint.url()
        let session = try RocketReserverSession(endpoint: url, tokens: TokenFile.standard())
        print("Subscribed to tripsBooked at \(RocketReserverSession.webSocketURL(for: url)). Press Ctrl-C to stop.")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await session.printTripsBooked() }
            group.addTask { await InterruptSignal.wait() }
            // Whichever ends first: the interrupt, or the subscription (the server completed or
            // refused it). Cancelling the other stops the subscription on the server.
            try await group.next()
            group.cancelAll()
        }
        print("Stopped.")
    }
}
