@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeSQLite
import Foundation
import Logging
import RocketReserverAPI
import ServiceLifecycle
import TestSupport
import Testing
import TodoAPI

/// A server's ServiceGroup that runs a client, its WebSocket transport and a durable queue on a
/// SQLite file, stopped by SIGTERM as a deployment stops it.
@Suite("Durable queue in a ServiceGroup", .serialized, .timeLimit(.minutes(5)))
struct ServiceGroupShutdownTests {
    @Test("SIGTERM with a subscription live and a mutation in flight: the server hears the subscription completed, the mutation stays in the file, and the next run delivers it once")
    func sigtermLosesNothing() async throws {
        let folder = try TemporaryFolder()
        let database = folder.url.appendingPathComponent("service.sqlite").path
        try await TerminationSignal.exclusively {
            try await ExampleServer.withServer { server in
                server.holdMutations()
                let persistence = try SQLiteStore(path: database)
                let webSocket = GraphQLWebSocketTransport(url: server.rocketReserverURL.webSocketURL, stack: .platform)
                let subscriber = ApogeeClient(url: server.rocketReserverURL, subscriptionTransport: webSocket)
                let client = ApogeeClient(url: server.todoURL, store: persistence.makeNormalizedStore())
                let queue = MutationQueue(client: client, storage: persistence.mutationQueueStorage, restoring: [AddTodoMutation.self])
                let group = ServiceGroup(
                    services: [client, subscriber, webSocket, queue],
                    gracefulShutdownSignals: [.sigterm],
                    logger: Logger(label: "ServiceGroupShutdownTests")
                )
                let running = Task { try await group.run() }

                let events = subscriber.subscribe(subscription: TripsBookedSubscription())
                let subscription = Task { await failure(of: events) }
                await server.waitForActiveSubscriptions(1)
                _ = try await queue.enqueue(
                    AddTodoMutation(input: .init(text: "In flight at SIGTERM", userId: "me"), connections: []),
                    idempotencyKey: "sigterm-1"
                )
                await server.waitForHeldMutations(1)

                try TerminationSignal.send()
                try await running.value

                #expect(await subscription.value is CancellationError)
                await server.waitForSubscriptionEvents { events in
                    events.contains { if case .socketClosed = $0 { true } else { false } }
                }
                #expect(server.idsCompletedByClient.count == 1)
                #expect(try persistence.mutationQueueStorage.pendingMutations().map(\.id) == ["sigterm-1"])
                try persistence.close()

                // The next run, on the same file, delivers it once.
                server.releaseMutations()
                let reopened = try SQLiteStore(path: database)
                let next = MutationQueue(
                    client: ApogeeClient(url: server.todoURL, store: reopened.makeNormalizedStore()),
                    storage: reopened.mutationQueueStorage,
                    restoring: [AddTodoMutation.self]
                )
                try await next.start()
                #expect(await next.waitUntilEmpty())
                await next.stop()
                #expect(server.appliedIdempotencyKeys == ["sigterm-1"])
                try reopened.close()
            }
        }
    }
}
