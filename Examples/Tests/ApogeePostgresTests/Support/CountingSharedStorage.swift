import ApogeePostgres
import ApogeeStore
import Foundation
import Synchronization

/// PostgreSQL queue storage that counts the calls a queue makes to it, so that a test can say
/// how many round trips a delivery cost without timing anything. It claims and settles one
/// mutation at a time: the batch calls are the protocol's defaults, made of these.
final class CountingSharedStorage: SharedMutationQueueStorage {
    /// How many times each kind of call was made.
    struct Counts: Sendable {
        var claims = 0
        var settlementsClaimingNext = 0
        /// Settlements of a batch that claimed nothing: made for a caller awaiting a
        /// mutation of a batch that is not finished yet.
        var settlementsAlone = 0
        var pendingReads = 0
        var outcomeReads = 0
    }

    let base: PostgresMutationQueueStorage
    private let counted = Mutex(Counts())

    init(_ base: PostgresMutationQueueStorage) {
        self.base = base
    }

    var counts: Counts { counted.withLock { $0 } }

    func count(_ change: (inout Counts) -> Void) {
        counted.withLock { change(&$0) }
    }

    func enqueue(_ mutation: QueuedMutation) async throws -> EnqueueResult { try await base.enqueue(mutation) }

    func pendingMutations() async throws -> [QueuedMutation] {
        count { $0.pendingReads += 1 }
        return try await base.pendingMutations()
    }

    func pendingCount() async throws -> Int { try await base.pendingCount() }
    func recordAttempt(_ idempotencyKey: String) async throws -> QueuedMutation? { try await base.recordAttempt(idempotencyKey) }
    func recordFailure(_ idempotencyKey: String, reason: String) async throws { try await base.recordFailure(idempotencyKey, reason: reason) }
    func settle(_ idempotencyKey: String, outcome: MutationOutcome) async throws { try await base.settle(idempotencyKey, outcome: outcome) }
    func cancel(_ idempotencyKey: String) async throws -> Bool { try await base.cancel(idempotencyKey) }

    func outcome(of idempotencyKey: String) async throws -> MutationOutcome? {
        count { $0.outcomeReads += 1 }
        return try await base.outcome(of: idempotencyKey)
    }

    func claimNext(by worker: String, for lease: Duration) async throws -> QueuedMutation? {
        count { $0.claims += 1 }
        return try await base.claimNext(by: worker, for: lease)
    }

    func renew(_ claim: QueuedMutation, by worker: String, for lease: Duration) async throws -> Bool {
        try await base.renew(claim, by: worker, for: lease)
    }

    func settle(_ claim: QueuedMutation, by worker: String, outcome: MutationOutcome) async throws -> Bool {
        try await base.settle(claim, by: worker, outcome: outcome)
    }

    func settle(_ claim: QueuedMutation, by worker: String, outcome: MutationOutcome, claimingNextFor lease: Duration) async throws -> SettledClaim {
        count { $0.settlementsClaimingNext += 1 }
        return try await base.settle(claim, by: worker, outcome: outcome, claimingNextFor: lease)
    }

    func release(_ idempotencyKey: String, by worker: String, reason: String, retryAfter: Duration) async throws {
        try await base.release(idempotencyKey, by: worker, reason: reason, retryAfter: retryAfter)
    }
}

/// ``CountingSharedStorage`` that also forwards the batch calls to PostgreSQL's own: claims of
/// a head with the mutations behind it, settlements and renewals of several in one statement.
final class BatchCountingStorage: SharedMutationQueueStorage {
    let counting: CountingSharedStorage

    init(_ base: PostgresMutationQueueStorage) {
        counting = CountingSharedStorage(base)
    }

    var counts: CountingSharedStorage.Counts { counting.counts }

    func enqueue(_ mutation: QueuedMutation) async throws -> EnqueueResult { try await counting.enqueue(mutation) }
    func pendingMutations() async throws -> [QueuedMutation] { try await counting.pendingMutations() }
    func pendingCount() async throws -> Int { try await counting.pendingCount() }
    func recordAttempt(_ idempotencyKey: String) async throws -> QueuedMutation? { try await counting.recordAttempt(idempotencyKey) }
    func recordFailure(_ idempotencyKey: String, reason: String) async throws { try await counting.recordFailure(idempotencyKey, reason: reason) }
    func settle(_ idempotencyKey: String, outcome: MutationOutcome) async throws { try await counting.settle(idempotencyKey, outcome: outcome) }
    func cancel(_ idempotencyKey: String) async throws -> Bool { try await counting.cancel(idempotencyKey) }
    func outcome(of idempotencyKey: String) async throws -> MutationOutcome? { try await counting.outcome(of: idempotencyKey) }
    func claimNext(by worker: String, for lease: Duration) async throws -> QueuedMutation? { try await counting.claimNext(by: worker, for: lease) }
    func renew(_ claim: QueuedMutation, by worker: String, for lease: Duration) async throws -> Bool { try await counting.renew(claim, by: worker, for: lease) }
    func settle(_ claim: QueuedMutation, by worker: String, outcome: MutationOutcome) async throws -> Bool {
        try await counting.settle(claim, by: worker, outcome: outcome)
    }
    func settle(_ claim: QueuedMutation, by worker: String, outcome: MutationOutcome, claimingNextFor lease: Duration) async throws -> SettledClaim {
        try await counting.settle(claim, by: worker, outcome: outcome, claimingNextFor: lease)
    }
    func release(_ idempotencyKey: String, by worker: String, reason: String, retryAfter: Duration) async throws {
        try await counting.release(idempotencyKey, by: worker, reason: reason, retryAfter: retryAfter)
    }

    func claimNext(_ limit: Int, by worker: String, for lease: Duration) async throws -> [QueuedMutation] {
        counting.count { $0.claims += 1 }
        return try await counting.base.claimNext(limit, by: worker, for: lease)
    }

    func settle(_ settlements: [ClaimSettlement], by worker: String, claimingNext limit: Int, for lease: Duration) async throws -> SettledClaims {
        counting.count { counts in
            if limit > 0 { counts.settlementsClaimingNext += 1 } else { counts.settlementsAlone += 1 }
        }
        return try await counting.base.settle(settlements, by: worker, claimingNext: limit, for: lease)
    }

    func giveBack(_ claims: [QueuedMutation], by worker: String) async throws {
        try await counting.base.giveBack(claims, by: worker)
    }

    func renew(claims: [QueuedMutation], by worker: String, for lease: Duration) async throws -> Set<String> {
        try await counting.base.renew(claims: claims, by: worker, for: lease)
    }
}
