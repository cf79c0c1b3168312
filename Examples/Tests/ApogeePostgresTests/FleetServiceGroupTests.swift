@testable import Apogee
import ApogeeExampleServer
@testable import ApogeePostgres
import Foundation
import Logging
import RocketReserverAPI
import ServiceLifecycle
import TestSupport
import Testing
import TodoAPI

/// A fleet worker run as a server runs it: its client, a WebSocket transport and its queue over
/// PostgreSQL as services of one ServiceGroup, stopped by SIGTERM.
@Suite(
    "Fleet worker in a ServiceGroup",
    .serialized, .timeLimit(.minutes(5)), .enabled(if: TestPostgres.isConfigured, TestPostgres.notConfigured)
)
struct FleetServiceGroupTests {
    @Test("SIGTERM with a subscription live and a mutation in flight: the subscription is completed on the server, the claim is given back at once, and another worker delivers the mutation once")
    func sigtermGivesTheClaimBack() async throws {
        try await TestPostgres.withStorage { storage in
            try await TerminationSignal.exclusively {
                try await ExampleServer.withServer { server in
                    server.holdMutations()
                    let webSocket = GraphQLWebSocketTransport(url: server.rocketReserverURL.webSocketURL, stack: .platform)
                    let subscriber = ApogeeClient(url: server.rocketReserverURL, subscriptionTransport: webSocket)
                    let client = ApogeeClient(url: server.todoURL)
                    // A lease far longer than the test: a claim left behind would hold the mutation.
                    let queue = MutationQueue(
                        client: client,
                        storage: storage,
                        restoring: [AddTodoMutation.self],
                        configuration: .init(workerName: "terminated", lease: .seconds(600), pollInterval: .milliseconds(20))
                    )
                    let group = ServiceGroup(
                        services: [client, subscriber, webSocket, queue],
                        gracefulShutdownSignals: [.sigterm],
                        logger: Logger(label: "FleetServiceGroupTests")
                    )
                    let running = Task { try await group.run() }

                    let events = subscriber.subscribe(subscription: TripsBookedSubscription())
                    let subscription = Task { await failure(of: events) }
                    await server.waitForActiveSubscriptions(1)
                    _ = try await storage.client.withTransaction(logger: TestPostgres.logger) { connection in
                        try await storage.enqueue(
                            AddTodoMutation(input: .init(text: "In flight at SIGTERM", userId: "me"), connections: []),
                            queue: "default",
                            idempotencyKey: "fleet-sigterm-1",
                            on: connection
                        )
                    }
                    await server.waitForHeldMutations(1)

                    try TerminationSignal.send()
                    try await running.value

                    #expect(await subscription.value is CancellationError)
                    await server.waitForSubscriptionEvents { events in
                        events.contains { if case .socketClosed = $0 { true } else { false } }
                    }
                    #expect(server.idsCompletedByClient.count == 1)
                    // Not claimed: another worker takes it at once, though the lease had ten minutes left.
                    let claim = try await storage.claimNext(by: "next", for: .seconds(60))
                    #expect(claim?.id == "fleet-sigterm-1")
                    try await storage.release("fleet-sigterm-1", by: "next", reason: "handed to the next worker", retryAfter: .zero)

                    server.releaseMutations()
                    let next = MutationQueue(
                        client: ApogeeClient(url: server.todoURL),
                        storage: storage,
                        restoring: [AddTodoMutation.self],
                        configuration: .init(workerName: "next", pollInterval: .milliseconds(20))
                    )
                    try await next.start()
                    #expect(await next.waitUntilEmpty())
                    await next.stop()
                    #expect(server.appliedIdempotencyKeys.filter { $0 == "fleet-sigterm-1" }.count == 1)
                }
            }
        }
    }
}
