import Apogee
import ApogeeExampleServer
import ApogeeSQLite
import Foundation
import Testing

/// The durable queue when its process dies: killed with SIGKILL again and again while it
/// queues and delivers, and started again on the same file each time.
@Suite("Durable queue: crashes", .timeLimit(.minutes(3)))
struct CrashTests {
    static let mutationCount = 300
    static let minimumKills = 20

    @Test("Killed with SIGKILL at random moments 20 times and more, the queue applies every mutation exactly once, in order")
    func survivesRepeatedKills() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.url.appendingPathComponent("queue.sqlite").path
        let child = try ChildProcess.executable(named: "QueueCrashChild")
        try await ExampleServer.withServer { server in
            var kills = 0
            var runs = 0
            // How many mutations the server had applied at each kill.
            var appliedAtKills: [Int] = []
            var finished = false
            var generator = SystemRandomNumberGenerator()
            while !finished {
                runs += 1
                #expect(runs <= Self.minimumKills + 20, "the child should finish once it is no longer killed")
                if runs > Self.minimumKills + 20 { break }
                let process = try ChildProcess(executable: child, arguments: [database, server.todoURL.absoluteString, String(Self.mutationCount)])
                if kills < Self.minimumKills {
                    // Early kills land while it starts and queues; later ones while it delivers.
                    try await Task.sleep(for: .milliseconds(Int.random(in: 20...250, using: &generator)))
                    if process.kill() {
                        kills += 1
                        appliedAtKills.append(server.appliedIdempotencyKeys.count)
                        continue
                    }
                }
                let status = try await process.waitForExit(limit: .seconds(60))
                #expect(status == 0, "the child failed: \(process.standardError)")
                finished = status == 0
            }
            #expect(kills >= Self.minimumKills)
            // The kills must land while mutations are delivered, not only before or after.
            let midDelivery = appliedAtKills.filter { (1..<Self.mutationCount).contains($0) }
            #expect(midDelivery.count >= Self.minimumKills / 2, "applied at each kill: \(appliedAtKills)")

            let expected = (1...Self.mutationCount).map { "crash-\($0)" }
            let applied = server.appliedIdempotencyKeys.filter { $0.hasPrefix("crash-") }
            // None lost, none applied twice, and in the order queued.
            #expect(applied.count == expected.count)
            #expect(Set(applied).count == applied.count)
            #expect(applied == expected)
            // The queue and its guesses are gone from the file.
            let persistence = try SQLiteStore(path: database)
            #expect(try persistence.mutationQueueStorage.pendingMutations().isEmpty)
            let sent = server.requestCount(operationName: "AddTodo")
            print("crash test: \(kills) kills in \(runs) runs; \(applied.count) mutations applied once each from \(sent) requests; applied at each kill: \(appliedAtKills)")
        }
    }
}
