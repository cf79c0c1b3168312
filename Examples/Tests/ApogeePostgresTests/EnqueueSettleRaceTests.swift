@testable import ApogeePostgres
@testable import ApogeeStore
import PostgresNIO
import TestSupport
import Testing

/// An app that queues the same action again (a retried request, a redelivered message) while a
/// worker settles the first one: the key is queued or delivered, so it must never be queued
/// anew, whatever the two transactions' snapshots see.
@Suite("PostgreSQL queue storage: a key enqueued again while it is settled", .enabled(if: TestPostgres.isConfigured, TestPostgres.notConfigured))
struct EnqueueSettleRaceTests {
    static let rounds = 300
    static let enqueuers = 3

    /// How the racing settlement is made: as its worker does, by its claim, or by key alone.
    enum Settlement: String, CaseIterable, Sendable {
        case byClaim, byKey
    }

    @Test(
        "a claimed key enqueued again on three connections while it is settled, 300 rounds: never queued again, every outcome recorded once",
        arguments: Settlement.allCases
    )
    func enqueueRacesSettle(_ settlement: Settlement) async throws {
        try await TestPostgres.withStorage { storage in
            var requeued: [String] = []
            var answers = (queued: 0, settled: 0)
            for round in 0..<Self.rounds {
                let key = "race-\(round)"
                let mutation = try QueuedMutations.bookTrip(String(round), key: key, queue: "race")
                _ = try #require(try await storage.enqueue(mutation).enqueued)
                let claim = try #require(try await storage.claimNext(by: "worker", for: .seconds(60)))
                #expect(claim.idempotencyKey == key)
                let outcome = MutationOutcome.delivered(response: ["data": ["round": .string(key)]])
                // The settlement and the enqueues start together, each on a connection of its own.
                let results = try await withThrowingTaskGroup(of: EnqueueResult?.self) { group in
                    group.addTask {
                        switch settlement {
                        case .byClaim: #expect(try await storage.settle(claim, by: "worker", outcome: outcome))
                        case .byKey: try await storage.settle(key, outcome: outcome)
                        }
                        return nil
                    }
                    for _ in 0..<Self.enqueuers {
                        group.addTask { try await storage.enqueue(mutation) }
                    }
                    return try await group.reduce(into: [EnqueueResult]()) { if let result = $1 { $0.append(result) } }
                }
                for result in results {
                    switch result {
                    case .enqueued:
                        requeued.append(key)
                    case .alreadyQueued(let queued):
                        answers.queued += 1
                        #expect(queued.sequence == claim.sequence)
                    case .alreadySettled(let settled):
                        answers.settled += 1
                        #expect(settled == outcome)
                    }
                }
                #expect(try await storage.outcome(of: key) == outcome)
                if requeued.last == key {
                    // Taken out again, so that the next round claims its own key.
                    try await storage.client.query("DELETE FROM apogee_mutations WHERE idempotency_key = \(key)")
                }
            }
            #expect(requeued.isEmpty, "\(requeued.count) enqueues of \(Self.rounds * Self.enqueuers) queued a key that was being settled again: \(requeued.prefix(20))")
            #expect(try await storage.pendingMutations().isEmpty)
            // Both sides of the race were run: enqueues that came before the settlement and after it.
            #expect(answers.queued > 0 && answers.settled > 0, "answers: \(answers)")
            print("enqueue/settle race, settled \(settlement): \(Self.rounds) rounds, \(answers.queued) enqueues answered 'queued', \(answers.settled) 'settled', \(requeued.count) queued again")
        }
    }
}
