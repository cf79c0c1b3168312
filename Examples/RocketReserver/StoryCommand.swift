import Apogee
import ApogeeExampleServer
import ArgumentParser
import Foundation

/// The whole tutorial, step by step.
struct StoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "story",
        abstract: "Tell the tutorial's story: log in, list launches, book launch 25, cancel it."
    )

    @Option(help: "Run against this endpoint instead of an embedded example server.")
    var endpoint: String?

    @Option(help: "The launch to book and cancel.")
    var launch: String = "25"

    @Option(help: "The email to log in with.")
    var email: String = "me@example.com"

    func run() async throws {
        if let endpoint {
            guard let url = URL(string: endpoint) else { throw ValidationError("--endpoint must be a URL") }
            try await tellStory(endpoint: url)
            return
        }
        print("Starting the example server on a free loopback port…")
        let server = try await ExampleServer.start(configuration: .init(host: "127.0.0.1", port: 0))
        do {
            print("Serving RocketReserver at \(server.rocketReserverURL)\n")
            try await tellStory(endpoint: server.rocketReserverURL)
            await server.shutdown()
        } catch {
            await server.shutdown()
            throw error
        }
    }

    private func tellStory(endpoint: URL) async throws {
        let tokens = InMemoryTokenStore()
        let session = RocketReserverSession(endpoint: endpoint, tokens: tokens)

        step(1, "Log in")
        let token = try await session.login(email: email)
        await tokens.setToken(token)
        print("The token interceptor, first in the chain, now sends this token with every request.")

        step(2, "The first page of launches")
        try await session.listLaunches(pageSize: 5)

        step(3, "Details of launch \(launch)")
        try await session.showLaunch(id: launch)

        step(4, "Book launch \(launch)")
        try await session.book(id: launch)

        step(5, "Details of launch \(launch) again")
        let booked = try await session.showLaunch(id: launch)
        guard booked.isBooked else { throw ExampleFailure("launch \(launch) should be booked now") }

        step(6, "Cancel the trip")
        try await session.cancel(id: launch)

        step(7, "Details of launch \(launch) once more")
        let cancelled = try await session.showLaunch(id: launch)
        guard !cancelled.isBooked else { throw ExampleFailure("launch \(launch) should not be booked any more") }
        print("\nThat is the whole story.")
    }

    private func step(_ number: Int, _ title: String) {
        print("\n\(number). \(title)")
    }
}
