@testable import ApogeeAPI
@testable import ApogeePostgres
@testable import ApogeeStore
import Foundation
import PostgresNIO
import TestSupport
import Testing

@Suite("PostgreSQL queue storage: the protocol's steps, on a real server", .enabled(if: TestPostgres.isConfigured, TestPostgres.notConfigured))
struct PostgresQueueStorageTests {
    @Test("mutations come back whole and in sequence order; enqueueing a key again adds nothing")
    func roundTrip() async throws {
        try await TestPostgres.withStorage { storage in
            let first = try QueuedMutations.bookTrip("5")
            let stored = try #require(try await storage.enqueue(first).enqueued)
            let second = try #require(try await storage.enqueue(try QueuedMutations.bookTrip("6", queue: "other")).enqueued)
            #expect(second.sequence > stored.sequence)

            let pending = try await storage.pendingMutations()
            #expect(pending.map(\.idempotencyKey) == [first.idempotencyKey, second.idempotencyKey])
            let read = try #require(pending.first)
            // Every field, the change set included; the time to PostgreSQL's microsecond.
            #expect(abs(read.enqueuedAt.timeIntervalSince(first.enqueuedAt)) < 1e-5)
            var expected = first
            expected.sequence = stored.sequence
            expected.enqueuedAt = read.enqueuedAt
            #expect(read == expected)

            guard case .alreadyQueued(let queued) = try await storage.enqueue(first) else {
                Issue.record("a queued key should not be queued again")
                return
            }
            #expect(queued.sequence == stored.sequence)
            try await storage.settle(first.idempotencyKey, outcome: .delivered(response: ["data": ["ok": true]]))
            #expect(try await storage.enqueue(first) == .alreadySettled(.delivered(response: ["data": ["ok": true]])))
            #expect(try await storage.pendingMutations().map(\.idempotencyKey) == [second.idempotencyKey])
            #expect(try await storage.pendingCount() == 1)
        }
    }

    @Test("migrating from many processes at once, and again, leaves one schema version")
    func concurrentMigrations() async throws {
        try await TestPostgres.withDatabase { client, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await PostgresMutationQueueStorage(client: client).migrate() }
                }
                try await group.waitForAll()
            }
            try await PostgresMutationQueueStorage(client: client).migrate()
            let versions = try await client.query("SELECT version FROM apogee_queue_schema").decode(Int.self).reduce(into: []) { $0.append($1) }
            #expect(versions == [2])
        }
    }

    @Test("tables of a newer schema version are refused with a typed error")
    func newerSchema() async throws {
        try await TestPostgres.withStorage { storage in
            try await storage.client.query("UPDATE apogee_queue_schema SET version = 99")
            let error = try await #require(throws: PostgresQueueStorageError.self) { try await storage.migrate() }
            #expect(error.kind == .newerSchema(found: 99, supported: 2))
            #expect(error.description.contains("Update the app"))
        }
    }

    @Test("a claim takes the head of a queue; nothing behind a claimed head is claimed; settling frees the next")
    func claimsKeepOrder() async throws {
        try await TestPostgres.withStorage { storage in
            let a1 = try await storage.enqueue(try QueuedMutations.bookTrip("1", key: "a1", queue: "a"))
            let a2 = try await storage.enqueue(try QueuedMutations.bookTrip("2", key: "a2", queue: "a"))
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("3", key: "b1", queue: "b"))
            #expect(a1.enqueued != nil && a2.enqueued != nil)

            let first = try await storage.claimNext(by: "worker-1", for: .seconds(60))
            #expect(first?.idempotencyKey == "a1")
            #expect(first?.attempts == 1)
            // a1 is held, so a2 waits behind it; b's head is free.
            let second = try await storage.claimNext(by: "worker-2", for: .seconds(60))
            #expect(second?.idempotencyKey == "b1")
            #expect(try await storage.claimNext(by: "worker-2", for: .seconds(60)) == nil)

            try await storage.settle("a1", outcome: .delivered(response: ["data": [:]]))
            #expect(try await storage.claimNext(by: "worker-2", for: .seconds(60))?.idempotencyKey == "a2")
        }
    }

    @Test("settling and claiming in one statement takes the mutation behind the settled one; a lost claim settles nothing and keeps the queue behind it waiting")
    func settleAndClaimNext() async throws {
        try await TestPostgres.withStorage { storage in
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("1", key: "a1", queue: "a"))
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("2", key: "a2", queue: "a"))
            let first = try #require(try await storage.claimNext(by: "w1", for: .seconds(60)))
            #expect(first.idempotencyKey == "a1")
            // The statement's snapshot still holds a1 while it deletes it: a2 is claimed all the same.
            let settled = try await storage.settle(first, by: "w1", outcome: .delivered(response: ["data": ["n": 1]]), claimingNextFor: .seconds(60))
            #expect(settled.settled)
            #expect(settled.next?.idempotencyKey == "a2")
            #expect(settled.next?.attempts == 1)
            #expect(try await storage.outcome(of: "a1") == .delivered(response: ["data": ["n": 1]]))

            // a2's claim is lost to w2; w1's settlement changes nothing, and a3 stays behind a2.
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("3", key: "a3", queue: "a"))
            let lost = try #require(settled.next)
            try await storage.client.query("UPDATE apogee_mutations SET claim_expires_at = now() - interval '1 second' WHERE idempotency_key = 'a2'")
            let takenOver = try #require(try await storage.claimNext(by: "w2", for: .seconds(60)))
            #expect(takenOver.idempotencyKey == "a2")
            let late = try await storage.settle(lost, by: "w1", outcome: .failed(reason: "late"), claimingNextFor: .seconds(60))
            #expect(late.settled == false)
            #expect(late.next == nil)
            #expect(try await storage.outcome(of: "a2") == nil)

            // Nothing left to claim: settled, and no claim.
            let last = try await storage.settle(takenOver, by: "w2", outcome: .delivered(response: ["data": ["n": 2]]), claimingNextFor: .seconds(60))
            #expect(last.settled)
            #expect(last.next?.idempotencyKey == "a3")
            let none = try await storage.settle(try #require(last.next), by: "w2", outcome: .delivered(response: ["data": ["n": 3]]), claimingNextFor: .seconds(60))
            #expect(none.settled && none.next == nil)
            #expect(try await storage.pendingMutations().isEmpty)
        }
    }

    @Test("a batch claim takes a queue's head and those behind it, in order, never another queue's; a batch settles only the claims still its worker's and claims the next batch; claims given back untried count no attempt")
    func batchesKeepOrder() async throws {
        try await TestPostgres.withStorage { storage in
            for number in 1...5 { _ = try await storage.enqueue(try QueuedMutations.bookTrip("\(number)", key: "a\(number)", queue: "a")) }
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("9", key: "b1", queue: "b"))

            let first = try await storage.claimNext(3, by: "w1", for: .seconds(60))
            #expect(first.map(\.idempotencyKey) == ["a1", "a2", "a3"])
            #expect(first.map(\.attempts) == [1, 1, 1])
            // a's head is held: another worker gets b's, alone in its queue, then nothing.
            #expect(try await storage.claimNext(3, by: "w2", for: .seconds(60)).map(\.idempotencyKey) == ["b1"])
            #expect(try await storage.claimNext(3, by: "w2", for: .seconds(60)).isEmpty)
            #expect(try await storage.claimNext(by: "w2", for: .seconds(60)) == nil)

            // a1 and a2 delivered, a3 not tried: a3 is still w1's, so nothing is claimed.
            let settled = try await storage.settle(
                [ClaimSettlement(claim: first[0], outcome: .delivered(response: ["data": ["n": 1]])), ClaimSettlement(claim: first[1], outcome: .failed(reason: "refused"))],
                by: "w1",
                claimingNext: 3,
                for: .seconds(60)
            )
            #expect(settled.settled == ["a1", "a2"])
            #expect(settled.next.isEmpty)
            #expect(try await storage.outcome(of: "a1") == .delivered(response: ["data": ["n": 1]]))
            #expect(try await storage.outcome(of: "a2") == .failed(reason: "refused"))

            try await storage.giveBack([first[2]], by: "w1")
            let again = try await storage.claimNext(3, by: "w1", for: .seconds(60))
            #expect(again.map(\.idempotencyKey) == ["a3", "a4", "a5"])
            #expect(again.map(\.attempts) == [1, 1, 1])

            // w1's batch runs out and w2 takes a3 and a4 over: w1's late settlement of a3
            // changes nothing and claims nothing, since a3 is w2's now.
            try await storage.client.query("UPDATE apogee_mutations SET claim_expires_at = now() - interval '1 second' WHERE queue = 'a'")
            let takenOver = try await storage.claimNext(2, by: "w2", for: .seconds(60))
            #expect(takenOver.map(\.idempotencyKey) == ["a3", "a4"])
            #expect(takenOver.map(\.attempts) == [2, 2])
            let late = try await storage.settle([ClaimSettlement(claim: again[0], outcome: .failed(reason: "late"))], by: "w1", claimingNext: 3, for: .seconds(60))
            #expect(late.settled.isEmpty)
            #expect(late.next.isEmpty)
            // Giving back a claim that is no longer the worker's changes nothing either.
            try await storage.giveBack([again[1]], by: "w1")
            #expect(try await storage.pendingMutations().first { $0.idempotencyKey == "a4" }?.attempts == 2)

            // w2 settles its two, settling alone first (nothing claimed), then claims a5,
            // whose claim by w1 ran out: behind the settled ones in the statement's snapshot.
            let alone = try await storage.settle([ClaimSettlement(claim: takenOver[0], outcome: .delivered(response: ["data": ["n": 3]]))], by: "w2", claimingNext: 0, for: .seconds(60))
            #expect(alone.settled == ["a3"] && alone.next.isEmpty)
            let last = try await storage.settle([ClaimSettlement(claim: takenOver[1], outcome: .delivered(response: ["data": ["n": 4]]))], by: "w2", claimingNext: 3, for: .seconds(60))
            #expect(last.settled == ["a4"])
            #expect(last.next.map(\.idempotencyKey) == ["a5"])
            #expect(last.next.first?.attempts == 2)
            #expect(try await storage.outcome(of: "a3") == .delivered(response: ["data": ["n": 3]]))
            #expect(try await storage.pendingMutations().map(\.idempotencyKey) == ["a5", "b1"])
        }
    }

    @Test("a claim whose lease ran out is taken over, with its attempts counted; the late settlement changes nothing")
    func expiredLeaseIsTakenOver() async throws {
        try await TestPostgres.withStorage { storage in
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("1", key: "a1", queue: "a"))
            // A lease already over: the worker that took it is as good as dead.
            let dead = try await storage.claimNext(by: "dead", for: .seconds(-1))
            #expect(dead?.idempotencyKey == "a1")
            let taken = try await storage.claimNext(by: "alive", for: .seconds(60))
            #expect(taken?.idempotencyKey == "a1")
            #expect(taken?.attempts == 2)

            try await storage.settle("a1", outcome: .delivered(response: ["data": ["by": "alive"]]))
            try await storage.settle("a1", outcome: .failed(reason: "the dead worker, late"))
            #expect(try await storage.outcome(of: "a1") == .delivered(response: ["data": ["by": "alive"]]))
            // Releasing a claim that is no longer the worker's changes nothing either.
            try await storage.release("a1", by: "dead", reason: "late", retryAfter: .zero)
            #expect(try await storage.pendingMutations().isEmpty)
        }
    }

    @Test("a claim is renewed while it is its worker's, even past its lease; once another worker took it over, its first worker can neither renew nor settle it")
    func renewalAndFencing() async throws {
        try await TestPostgres.withStorage { storage in
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("1", key: "a1", queue: "a"))
            // A lease already over, but nobody took it: the worker may still renew it.
            let first = try #require(try await storage.claimNext(by: "w1", for: .seconds(-1)))
            #expect(try await storage.renew(first, by: "w1", for: .seconds(60)))
            #expect(try await storage.claimNext(by: "w2", for: .seconds(60)) == nil)
            // Run out again, and taken over.
            try await storage.client.query("UPDATE apogee_mutations SET claim_expires_at = now() - interval '1 second'")
            let second = try #require(try await storage.claimNext(by: "w2", for: .seconds(60)))
            #expect(second.attempts == 2)
            #expect(try await storage.renew(first, by: "w1", for: .seconds(60)) == false)
            #expect(try await storage.settle(first, by: "w1", outcome: .failed(reason: "late")) == false)
            #expect(try await storage.pendingMutations().map(\.idempotencyKey) == ["a1"])
            #expect(try await storage.outcome(of: "a1") == nil)
            // A claim is its worker with its attempt: an earlier claim of the same worker is not it.
            #expect(try await storage.renew(second, by: "w1", for: .seconds(60)) == false)
            #expect(try await storage.renew(first, by: "w2", for: .seconds(60)) == false)

            #expect(try await storage.settle(second, by: "w2", outcome: .delivered(response: ["data": ["by": "w2"]])))
            #expect(try await storage.outcome(of: "a1") == .delivered(response: ["data": ["by": "w2"]]))
            #expect(try await storage.settle(second, by: "w2", outcome: .failed(reason: "again")) == false)
            #expect(try await storage.renew(second, by: "w2", for: .seconds(60)) == false)
            #expect(try await storage.pendingMutations().isEmpty)
        }
    }

    @Test("a batch's claims are renewed in one statement, each only while it is its worker's with its attempt")
    func batchRenewal() async throws {
        try await TestPostgres.withStorage { storage in
            for index in 1...3 {
                _ = try await storage.enqueue(try QueuedMutations.bookTrip("\(index)", key: "a\(index)", queue: "a"))
            }
            // Leases already over, but nobody took them: the worker may still renew them all.
            let batch = try await storage.claimNext(3, by: "w1", for: .seconds(-1))
            #expect(batch.map(\.idempotencyKey) == ["a1", "a2", "a3"])
            #expect(try await storage.renew(claims: batch, by: "w1", for: .seconds(60)) == ["a1", "a2", "a3"])
            #expect(try await storage.claimNext(by: "w2", for: .seconds(60)) == nil)
            #expect(try await storage.renew(claims: batch, by: "w2", for: .seconds(60)).isEmpty)
            #expect(try await storage.renew(claims: [], by: "w1", for: .seconds(60)).isEmpty)

            // The head runs out and is taken over: the rest stay the first worker's.
            try await storage.client.query("UPDATE apogee_mutations SET claim_expires_at = now() - interval '1 second' WHERE idempotency_key = 'a1'")
            let head = try #require(try await storage.claimNext(by: "w2", for: .seconds(60)))
            #expect(head.idempotencyKey == "a1")
            #expect(try await storage.renew(claims: batch, by: "w1", for: .seconds(60)) == ["a2", "a3"])
            #expect(try await storage.renew(claims: [head], by: "w2", for: .seconds(60)) == ["a1"])
            // A claim is its worker with its attempt: the first worker's old claim of the head is not the new one.
            #expect(try await storage.renew(claims: [batch[0]], by: "w2", for: .seconds(60)).isEmpty)
        }
    }

    @Test("a key stays taken from its enqueue until its outcome is pruned, and pruning never frees a key still queued")
    func keysUntilPruned() async throws {
        try await TestPostgres.withStorage { storage in
            let settled = try QueuedMutations.bookTrip("1", key: "settled")
            let queued = try QueuedMutations.bookTrip("2", key: "queued", queue: "other")
            _ = try await storage.enqueue(settled)
            _ = try await storage.enqueue(queued)
            try await storage.settle("settled", outcome: .cancelled)
            try await storage.client.query("UPDATE apogee_mutation_outcomes SET settled_at = now() - interval '2 days'")
            #expect(try await storage.pruneOutcomes(settledBefore: Date().addingTimeInterval(-86_400)) == 1)
            guard case .alreadyQueued = try await storage.enqueue(queued) else {
                Issue.record("a queued key was queued again after pruning")
                return
            }
            // Its outcome forgotten, the settled key may be queued again, as documented.
            #expect(try await storage.enqueue(settled).enqueued != nil)
        }
    }

    @Test("a released head waits out its retry time for every worker, and the queue behind it waits too")
    func releaseDelaysTheQueue() async throws {
        try await TestPostgres.withStorage { storage in
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("1", key: "a1", queue: "a"))
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("2", key: "a2", queue: "a"))
            #expect(try await storage.claimNext(by: "w", for: .seconds(60))?.idempotencyKey == "a1")
            try await storage.release("a1", by: "w", reason: "503", retryAfter: .seconds(3600))
            #expect(try await storage.claimNext(by: "other", for: .seconds(60)) == nil)
            #expect(try await storage.pendingMutations().first?.lastError == "503")

            // Once its retry time has passed (here: at once), any worker claims it again.
            _ = try await storage.claimNext(by: "w", for: .seconds(60))
            try await storage.client.query("UPDATE apogee_mutations SET claim_expires_at = now() - interval '1 second' WHERE idempotency_key = 'a1'")
            let again = try await storage.claimNext(by: "other", for: .seconds(60))
            #expect(again?.idempotencyKey == "a1")
            #expect(again?.attempts == 2)
        }
    }

    @Test("workers claiming at once get one head per queue, never two of one queue")
    func concurrentClaims() async throws {
        try await TestPostgres.withStorage { storage in
            for queue in ["a", "b", "c"] {
                for index in 1...5 {
                    _ = try await storage.enqueue(try QueuedMutations.bookTrip(String(index), key: "\(queue)\(index)", queue: queue))
                }
            }
            let claims = try await withThrowingTaskGroup(of: QueuedMutation?.self) { group in
                for worker in 0..<12 {
                    group.addTask { try await storage.claimNext(by: "worker-\(worker)", for: .seconds(60)) }
                }
                return try await group.reduce(into: [QueuedMutation]()) { if let claim = $1 { $0.append(claim) } }
            }
            #expect(claims.map(\.idempotencyKey).sorted() == ["a1", "b1", "c1"])
        }
    }

    @Test("only a mutation no attempt has begun for can be cancelled, and its outcome says so")
    func cancel() async throws {
        try await TestPostgres.withStorage { storage in
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("1", key: "a1", queue: "a"))
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("2", key: "b1", queue: "b"))
            _ = try await storage.claimNext(by: "w", for: .seconds(60))
            #expect(try await storage.cancel("a1") == false)
            #expect(try await storage.cancel("b1") == true)
            #expect(try await storage.outcome(of: "b1") == .cancelled)
            #expect(try await storage.cancel("b1") == false)
            #expect(try await storage.pendingMutations().map(\.idempotencyKey) == ["a1"])
        }
    }

    @Test("outcomes settled before a date are pruned, and only those")
    func pruning() async throws {
        try await TestPostgres.withStorage { storage in
            for key in ["old", "new"] {
                _ = try await storage.enqueue(try QueuedMutations.bookTrip("1", key: key))
                try await storage.settle(key, outcome: .failed(reason: key))
            }
            try await storage.client.query("UPDATE apogee_mutation_outcomes SET settled_at = now() - interval '2 days' WHERE idempotency_key = 'old'")
            #expect(try await storage.pruneOutcomes(settledBefore: Date().addingTimeInterval(-86_400)) == 1)
            #expect(try await storage.outcome(of: "old") == nil)
            #expect(try await storage.outcome(of: "new") == .failed(reason: "new"))
        }
    }

    @Test("a row edited into something unreadable is a typed error, not a crash")
    func undecodableRow() async throws {
        try await TestPostgres.withStorage { storage in
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("1", key: "a1"))
            try await storage.client.query("UPDATE apogee_mutations SET variables = '[1, 2]'::jsonb")
            let error = try await #require(throws: PostgresQueueStorageError.self) { try await storage.pendingMutations() }
            #expect(error.kind == .undecodableRow)
            #expect(error.description.contains("a1"))
            // A batch's claim and the claim a settlement makes read the row the same way.
            _ = try await storage.enqueue(try QueuedMutations.bookTrip("2", key: "b1", queue: "b"))
            let claimed = try await #require(throws: PostgresQueueStorageError.self) { try await storage.claimNext(2, by: "w", for: .seconds(60)) }
            #expect(claimed.kind == .undecodableRow)
            #expect(claimed.description.contains("a1"))
            let other = try #require(try await storage.claimNext(2, by: "w", for: .seconds(60)).first)
            #expect(other.idempotencyKey == "b1")
            try await storage.client.query("UPDATE apogee_mutations SET claim_expires_at = NULL WHERE idempotency_key = 'a1'")
            let claiming = try await #require(throws: PostgresQueueStorageError.self) {
                try await storage.settle([ClaimSettlement(claim: other, outcome: .cancelled)], by: "w", claimingNext: 2, for: .seconds(60))
            }
            #expect(claiming.kind == .undecodableRow)
            #expect(claiming.description.contains("a1"))
        }
    }
}
