@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeSQLite
import Foundation
import TestSupport
import Testing

/// The durable queue when its process dies: killed with SIGKILL again and again while it
/// queues and delivers, and started again on the same file each time.
@Suite("Durable queue: crashes", .timeLimit(.minutes(20)))
struct CrashTests {
    static let mutationCount = 300
    static let minimumKills = 20
    static let maximumRuns = 80

    @Test("Killed with SIGKILL at random moments 20 times and more, the queue applies every mutation exactly once, in order")
    func survivesRepeatedKills() async throws {
        let directory = try TemporaryFolder()
        let database = directory.url.appendingPathComponent("queue.sqlite").path
        let child = try ChildProcess.executable(named: "QueueCrashChild")
        try await ExampleServer.withServer { server in
            var kills = 0
            var runs = 0
            // How many mutations the server had applied at each kill.
            var appliedAtKills: [Int] = []
            // Kills of a run that delivered something: the kills that land mid-delivery.
            var killsWhileDelivering = 0
            // When a run is killed before it delivers anything (a slow start), the next runs
            // get longer, so that kills keep landing while mutations are delivered.
            var longestDelay = 250
            // Raised when the child finishes before it was killed enough: a fast machine gets
            // more mutations to deliver, so kills still land mid-delivery.
            var count = Self.mutationCount
            var finished = false
            var generator = SystemRandomNumberGenerator()
            while !finished {
                runs += 1
                #expect(runs <= Self.maximumRuns, "the child should finish once it is no longer killed")
                if runs > Self.maximumRuns { break }
                let appliedBefore = server.appliedIdempotencyKeys.count
                let process = try ChildProcess(executable: child, arguments: [database, server.todoURL.absoluteString, String(count)])
                if kills < Self.minimumKills || killsWhileDelivering < Self.minimumKills / 2 {
                    // Every other run, while kills mid-delivery are still wanted, is killed once
                    // the server has applied one to three more of its mutations: an event, so a
                    // child slowed down (a loaded machine, a sanitizer) is still killed while it
                    // delivers. The other runs are killed after a random pause, wherever that lands.
                    let waitsForDelivery = killsWhileDelivering < Self.minimumKills / 2 && (runs % 2 == 1 || kills >= Self.minimumKills)
                    let isRunning: Bool
                    if waitsForDelivery {
                        let target = appliedBefore + Int.random(in: 1...3, using: &generator)
                        isRunning = try await process.waitWhileRunning(
                            until: { server.appliedIdempotencyKeys.count >= target },
                            stallLimit: .seconds(60),
                            progress: { server.appliedIdempotencyKeys.count }
                        )
                    } else {
                        try await Task.sleep(for: .milliseconds(Int.random(in: 20...longestDelay, using: &generator)))
                        isRunning = true
                    }
                    if isRunning, process.kill() {
                        kills += 1
                        let applied = server.appliedIdempotencyKeys.count
                        appliedAtKills.append(applied)
                        if applied > appliedBefore, applied < count {
                            killsWhileDelivering += 1
                        } else if applied == appliedBefore {
                            longestDelay = min(longestDelay + 100, 1_000)
                        }
                        continue
                    }
                }
                // However slow the machine, the child is waited for while it delivers.
                let status = try await process.waitForExit(stallLimit: .seconds(60)) { server.appliedIdempotencyKeys.count }
                #expect(status == 0, "the child failed: \(process.standardError)")
                guard status == 0 else { break }
                finished = kills >= Self.minimumKills && killsWhileDelivering >= Self.minimumKills / 2
                if !finished { count += Self.mutationCount }
            }
            #expect(kills >= Self.minimumKills)
            // The kills must land while mutations are delivered, not only before or after.
            #expect(killsWhileDelivering >= Self.minimumKills / 2, "applied at each kill: \(appliedAtKills)")

            let expected = (1...count).map { "crash-\($0)" }
            let applied = server.appliedIdempotencyKeys.filter { $0.hasPrefix("crash-") }
            // None lost, none applied twice, and in the order queued.
            #expect(applied.count == expected.count)
            #expect(Set(applied).count == applied.count)
            #expect(applied == expected)
            // The queue and its guesses are gone from the file.
            let persistence = try SQLiteStore(path: database)
            #expect(try persistence.mutationQueueStorage.pendingMutations().isEmpty)
            let sent = server.requestCount(operationName: "AddTodo")
            print("crash test: \(kills) kills (\(killsWhileDelivering) while delivering) in \(runs) runs; \(applied.count) mutations applied once each from \(sent) requests; applied at each kill: \(appliedAtKills)")
        }
    }
}
