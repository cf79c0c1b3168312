import Apogee
import ApogeeExampleServer
import ApogeeNIOWebSocket
import Foundation

/// An example server and a client whose subscriptions go over a WebSocket, for one benchmark.
final class SubscriptionFixture: @unchecked Sendable {
    // Set in setup and cleared in teardown, which the runner never overlaps with the closure.
    private(set) var server: ExampleServer?
    private(set) var client: ApogeeClient?
    /// A client like ``client`` that writes its events into the store on the cooperative
    /// pool, over the same socket.
    private(set) var poolClient: ApogeeClient?

    func start(keepSocketOpen: Bool = false) async throws {
        // The server shares the process: its record of events would grow with the cycles.
        var serverConfiguration = ExampleServer.Configuration()
        serverConfiguration.recordsSubscriptionEvents = !keepSocketOpen
        let server = try await ExampleServer.start(configuration: serverConfiguration)
        var configuration = GraphQLWebSocketTransport.Configuration(keepAliveInterval: nil)
        // Held open between cycles, so every cycle uses the same connection.
        if keepSocketOpen { configuration.closeGracePeriod = .seconds(3_600) }
        var wsURL = URLComponents(url: server.liveURL, resolvingAgainstBaseURL: false)
        wsURL?.scheme = "ws"
        guard let url = wsURL?.url else { throw BenchmarkSetupFailure(description: "no WebSocket URL") }
        let webSocket = GraphQLWebSocketTransport(url: url, configuration: configuration, stack: .nio)
        self.server = server
        client = ApogeeClient(url: server.liveURL, subscriptionTransport: webSocket)
        poolClient = ApogeeClient(
            url: server.liveURL, subscriptionTransport: webSocket,
            configuration: ApogeeClient.Configuration(subscriptionWriteQueue: .cooperativePool)
        )
    }

    func stop() async {
        await server?.shutdown()
        server = nil
        client = nil
        poolClient = nil
    }

    /// Subscribes to `events` ticks and reads them all; each is normalized into the store.
    static func readThroughClient(_ client: ApogeeClient, events: Int, counter: String) async throws -> Int {
        var received = 0
        for try await result in client.subscribe(subscription: CounterTicksSubscription(id: counter, count: events), bufferLimit: events) {
            if result.data != nil { received += 1 }
        }
        return received
    }

    /// Subscribes and cancels `times` times, each time waiting until the server runs the
    /// subscription and then until it has stopped it.
    static func cycle(_ client: ApogeeClient, server: ExampleServer, times: Int) async throws {
        for index in 0..<times {
            let reading = Task {
                for try await _ in client.subscribe(subscription: CounterChangedSubscription(id: "cycle\(index % 10)")) {}
            }
            await server.waitForActiveSubscriptions(1)
            reading.cancel()
            _ = await reading.result
            await server.waitForActiveSubscriptions(0)
        }
    }
}

/// A benchmark that could not start.
struct BenchmarkSetupFailure: Error, CustomStringConvertible {
    var description: String
}
