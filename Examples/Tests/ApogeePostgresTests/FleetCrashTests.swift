@testable import Apogee
import ApogeeExampleServer
@testable import ApogeePostgres
import Foundation
import PostgresNIO
import TestSupport
import Testing
import TodoAPI

/// The fleet when its processes die: worker processes sharing one PostgreSQL queue, killed
/// with SIGKILL at random moments and started again, against the example server's ledger of
/// applied idempotency keys.
@Suite(
    "Fleet: worker processes killed at random",
    .enabled(if: TestPostgres.isConfigured, TestPostgres.notConfigured),
    .timeLimit(.minutes(20))
)
struct FleetCrashTests {
    static let mutationCount = 1_000
    static let queues = ["orders", "emails", "invoices", "refunds", "audits"]
    static let workerCount = 3
    static let minimumKills = 30

    @Test("three workers, killed 30 times and more and started again, deliver 1,000 mutations of five queues once each, each queue in order, and leave none pending")
    func survivesKills() async throws {
        let child = try ChildProcess.executable(named: "FleetWorkerChild")
        try await TestPostgres.withDatabase { client, database in
            let storage = PostgresMutationQueueStorage(client: client)
            try await storage.migrate()
            var expected: [String: [String]] = [:]
            _ = try await client.withTransaction(logger: TestPostgres.logger) { connection in
                for number in 1...Self.mutationCount {
                    let queue = Self.queues[number % Self.queues.count]
                    let key = "fleet-\(queue)-\(number)"
                    try await storage.enqueue(AddTodoMutation(input: .init(text: key, userId: "me"), connections: []), queue: queue, idempotencyKey: key, on: connection)
                    expected[queue, default: []].append(key)
                }
            }
            let expectedByQueue = expected

            try await ExampleServer.withServer { server in
                var runs = 0
                func startWorker(_ index: Int) throws -> ChildProcess {
                    runs += 1
                    return try ChildProcess(executable: child, arguments: [database, server.todoURL.absoluteString, "worker-\(index)-run-\(runs)"])
                }
                func appliedCount() -> Int { server.appliedIdempotencyKeys.count }
                var workers = try (0..<Self.workerCount).map(startWorker)
                var kills = 0
                // Kills after which the ledger had grown since the kill before: kills that land
                // while mutations are delivered, not before the workers got going.
                var killsWhileDelivering = 0
                var appliedAtLastKill = 0
                var appliedAtKills: [Int] = []
                var generator = SystemRandomNumberGenerator()
                while kills < Self.minimumKills, appliedCount() < Self.mutationCount {
                    // Each kill waits for the fleet to deliver something since the last one, so
                    // that kills land while mutations are delivered, not while workers start
                    // or wait out a dead worker's lease. (A fleet that stops delivering fails
                    // the suite's time limit.)
                    await server.waitUntilAppliedIdempotencyKeys(count: appliedAtLastKill + 1)
                    // Then a random moment: the point of the test is where in a worker's work
                    // the kill lands. Nothing waits on it, so a slow machine only moves it.
                    try await Task.sleep(for: .milliseconds(Int.random(in: 0...60, using: &generator)))
                    let index = Int.random(in: 0..<Self.workerCount, using: &generator)
                    let applied = appliedCount()
                    if workers[index].kill() {
                        kills += 1
                        appliedAtKills.append(applied)
                        if applied > appliedAtLastKill, applied < Self.mutationCount { killsWhileDelivering += 1 }
                        appliedAtLastKill = applied
                    }
                    workers[index] = try startWorker(index)
                }
                // Then the fleet is left to finish: each worker ends once nothing is pending.
                for worker in workers {
                    let status = try await worker.waitForExit(stallLimit: .seconds(60)) { appliedCount() }
                    #expect(status == 0, "a worker failed: \(worker.standardError)")
                }
                #expect(kills >= Self.minimumKills, "the fleet delivered everything after \(kills) kills")
                #expect(killsWhileDelivering >= Self.minimumKills / 2, "applied at each kill: \(appliedAtKills)")

                let applied = server.appliedIdempotencyKeys.filter { $0.hasPrefix("fleet-") }
                #expect(applied.count == Self.mutationCount)
                #expect(Set(applied).count == applied.count, "a key was applied twice")
                for queue in Self.queues {
                    #expect(applied.filter { $0.hasPrefix("fleet-\(queue)-") } == expectedByQueue[queue], "queue \(queue) out of order")
                }
                #expect(try await storage.pendingMutations().isEmpty)
                let outcomes = try await client.query("SELECT count(*) FROM apogee_mutation_outcomes").decode(Int.self).reduce(0, +)
                #expect(outcomes == Self.mutationCount)
                let sent = server.requestCount(operationName: "AddTodo")
                print("fleet crash test: \(kills) kills (\(killsWhileDelivering) while delivering) over \(runs) worker runs; \(applied.count) mutations applied once each from \(sent) requests; applied at each kill: \(appliedAtKills)")
            }
        }
    }
}
