import Apogee
import ApogeeExampleServer
import ArgumentParser
import Foundation

/// The whole tutorial, step by step.
struct StoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "story",
        abstract: "Tell the tutorial's story: log in, list launches, watch launch 25 as it is marked a favourite (on this device only), booked and cancelled, see bookings as they happen, upload a profile image, get a launch at once and its mission a moment later (@defer), load every launch page by page."
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
        var configuration = ExampleServer.Configuration(host: "127.0.0.1", port: 0)
        // Slow enough for the deferred mission to arrive visibly after its launch.
        configuration.incrementalDelay = .milliseconds(300)
        let server = try await ExampleServer.start(configuration: configuration)
        do {
            print("Serving RocketReserver at \(server.rocketReserverURL)\n")
            try await tellStory(endpoint: server.rocketReserverURL, server: server)
            await server.shutdown()
        } catch {
            await server.shutdown()
            throw error
        }
    }

    private func tellStory(endpoint: URL, server: ExampleServer? = nil) async throws {
        let tokens = InMemoryTokenStore()
        let session = try RocketReserverSession(endpoint: endpoint, tokens: tokens)
        print("HTTP transport: \(session.client.transport.map { "\($0)" } ?? "none")")

        step(1, "Log in")
        let token = try await session.login(email: email)
        await tokens.setToken(token)
        print("The token interceptor, first in the chain, now sends this token with every request.")

        step(2, "The first page of launches")
        let listed = try await session.listLaunches(pageSize: 5)

        step(3, "A launch from the list, by its ID")
        guard let first = listed.first else { throw ExampleFailure("the first page has no launches") }
        try await session.showListedLaunch(id: first)
        if let server { print("(The server has received \(server.requestCount(operationName: "LaunchSummary")) LaunchSummary request(s).)") }

        step(4, "Details of launch \(launch)")
        try await session.showLaunch(id: launch)

        step(5, "Details of launch \(launch) again")
        try await session.showLaunch(id: launch)
        print("The store had every field, so no request was sent.")
        noteDetailsRequests(server)

        step(6, "Keep the launch's details on screen: watch them")
        var watch = LaunchWatch(client: session.client, id: launch)
        try await watch.next()

        step(7, "Mark launch \(launch) as a favourite, on this device only")
        try session.markFavorite(id: launch)
        let favourite = try await watch.next()
        guard favourite.isFavorite else { throw ExampleFailure("the watcher should show launch \(launch) as a favourite") }
        print("★ favourite, kept only on this device; the server never sees isFavorite.")
        print("isFavorite is a local field (local-fields.graphqls): a store transaction wrote it, the watcher saw it.")

        step(8, "Book launch \(launch)")
        try await session.book(id: launch)
        let booked = try await watch.next()
        guard booked.isBooked else { throw ExampleFailure("the watcher should show launch \(launch) booked") }
        print("bookTrips returned the launch with isBooked: true; the store updated the watcher, with no refetch.")

        step(9, "Details of launch \(launch) again")
        try await session.showLaunch(id: launch)

        step(10, "Force a reload from the server, as the tutorial does (fetchIgnoringCacheData)")
        let reloaded = try await session.showLaunch(id: launch, cachePolicy: .fetchIgnoringCacheData)
        guard reloaded.isFavorite else { throw ExampleFailure("the server's answer should keep launch \(launch) a favourite") }
        print("The server agrees with the store, so the watcher has nothing new to show. Its answer has no")
        print("isFavorite (the query it got leaves the field out); the result shows the store's ★.")
        noteDetailsRequests(server)

        step(11, "Cancel the trip")
        try await session.cancel(id: launch)
        let cancelled = try await watch.next()
        guard !cancelled.isBooked else { throw ExampleFailure("the watcher should show launch \(launch) not booked") }

        step(12, "Details of launch \(launch) once more")
        let shown = try await session.showLaunch(id: launch)
        guard !shown.isBooked else { throw ExampleFailure("launch \(launch) should not be booked any more") }
        noteDetailsRequests(server)

        step(13, "Write your first subscription: tripsBooked")
        try await showTripsBooked(session: session, server: server)

        step(14, "Upload a profile image")
        let image = try ProfileImage.writeSample()
        defer { try? FileManager.default.removeItem(at: image.deletingLastPathComponent()) }
        try await session.uploadProfileImage(image, mimeType: "image/png")
        try await session.showMe()

        step(15, "A launch at once, its mission a moment later: @defer")
        let payloads = try await session.showLaunchThenMission(id: launch)
        guard payloads > 1 || endpointIsNotOurs(server) else { throw ExampleFailure("the example server should answer @defer in more than one payload") }
        print("Both payloads went into the store as they came: watchers of launch \(launch) saw the mission arrive.")

        step(16, "Paginate results: every launch, a page at a time")
        let all = try await session.listAllLaunches(pageSize: 25, printingEach: false)
        guard Set(all).count == all.count, all.count > 25 || endpointIsNotOurs(server) else {
            throw ExampleFailure("the pages should merge into one list without duplicates")
        }
        print("A QueryPager loaded each page after the cursor of the one before; the store merged them")
        print("into one list (@paginated in cache-policy.graphqls), which every watcher of it shows.")
        print("\nThat is the whole story.")
    }

    /// Subscribes to `tripsBooked`, books another launch, shows the event, and ends the
    /// subscription (which tells the server), as the tutorial's subscription chapter does.
    private func showTripsBooked(session: RocketReserverSession, server: ExampleServer?) async throws {
        let other = launch == "26" ? "27" : "26"
        let events = session.tripsBooked()
        let firstEvent = Task {
            for try await result in events {
                try result.throwIfErrors()
                return RocketReserverSession.describe(result)
            }
            throw ExampleFailure("the subscription ended without an event")
        }
        // A booking made before the server runs the subscription would not be seen, so the
        // booking waits for the connection (and, with the embedded server, for the server's word).
        try await session.waitUntilConnected()
        if let server { await server.waitForSubscriptionEvents { $0.contains { if case .subscribed = $0 { true } else { false } } } }
        print("Subscribed over a WebSocket; booking launch \(other)…")
        try await session.book(id: other)
        print("Event: \(try await firstEvent.value)")
        print("Leaving the loop ends the subscription on the server.")
        try await session.cancel(id: other)
    }

    /// Whether the story runs against an endpoint of someone else's, which may answer a
    /// deferred fragment in one response.
    private func endpointIsNotOurs(_ server: ExampleServer?) -> Bool {
        server == nil
    }

    /// With the embedded server, how many LaunchDetails requests it has seen: the story's
    /// claims about the store can be checked against it.
    private func noteDetailsRequests(_ server: ExampleServer?) {
        guard let server else { return }
        print("(The server has received \(server.requestCount(operationName: "LaunchDetails")) LaunchDetails request(s) so far.)")
    }

    private func step(_ number: Int, _ title: String) {
        print("\n\(number). \(title)")
    }
}
