import ApogeePostgres
import ApogeeStore
import Foundation
import Synchronization

/// PostgreSQL queue storage that counts the calls a queue makes to it, so that a test can say
/// how many round trips a delivery cost without timing anything.
final class CountingSharedStorage: SharedMutationQueueStorage {
    /// How many times each kind of call was made.
    struct Counts: Sendable {
        var claims = 0
        var settlementsClaimingNext = 0
        var pendingReads = 0
        var outcomeReads = 0
    }

    let base: PostgresMutationQueueStorage
    private let counted = Mutex(Counts())

    init(_ base: PostgresMutationQueueStorage) {
        self.base = base
    }

    var counts: Counts { counted.withLock { $0 } }

    private func count(_ change: (inout Counts) -> Void) {
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
