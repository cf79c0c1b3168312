/// Mutation queue storage that many ``MutationQueueStorage`` users share: several processes,
/// each with its own queue, deliver the same queues (`ApogeePostgres`).
///
/// A queue over shared storage cannot trust its own copy of what is pending, since other
/// processes add and deliver mutations too. It claims each mutation before sending it instead:
/// a claim is granted only for the head of a queue that no live claim holds, so one mutation
/// per queue name is in flight across all processes and each queue keeps its order. A claim
/// is a short lease that its worker renews while the request is out: a worker that dies loses
/// it when the lease runs out, and another worker takes the head over, sending it with the
/// same idempotency key.
///
/// A worker settles only a claim that is still its own: one whose claim was taken over (it
/// stalled past its lease, or could not reach storage to renew it) changes nothing, and leaves
/// the mutation to the worker that holds it now. The first outcome written for a key stands.
///
/// ## Topics
/// ### Claiming
/// - ``claimNext(by:for:)``
/// - ``renew(_:by:for:)``
/// - ``settle(_:by:outcome:)``
/// - ``settle(_:by:outcome:claimingNextFor:)``
/// - ``SettledClaim``
/// - ``release(_:by:reason:retryAfter:)``
/// ### Claiming in batches
/// - ``claimNext(_:by:for:)``
/// - ``settle(_:by:claimingNext:for:)``
/// - ``giveBack(_:by:)``
/// - ``renew(claims:by:for:)``
/// - ``ClaimSettlement``
/// - ``SettledClaims``
public protocol SharedMutationQueueStorage: MutationQueueStorage {
    /// Claims the oldest head of a queue that no live claim holds, counting an attempt as
    /// begun, for `lease`; `nil` when every queue is empty, held or waiting to be retried.
    /// - Parameters:
    ///   - worker: Names the claimant, for the operator's view of who holds what.
    ///   - lease: How long the claim holds unless it is renewed (``renew(_:by:for:)``),
    ///     settled or released.
    nonisolated(nonsending) func claimNext(by worker: String, for lease: Duration) async throws -> QueuedMutation?

    /// Extends a claim for another `lease` from now, while its worker delivers the mutation;
    /// `false` when the claim is no longer `worker`'s: another worker claimed the mutation
    /// after the lease ran out, or it left the queue. The worker must not settle it then.
    /// - Parameters:
    ///   - claim: The mutation as ``claimNext(by:for:)`` returned it: its
    ///     ``QueuedMutation/attempts`` tells this claim from a later one by the same worker.
    ///   - worker: The claimant, as given to ``claimNext(by:for:)``.
    ///   - lease: How long the claim holds from now.
    nonisolated(nonsending) func renew(_ claim: QueuedMutation, by worker: String, for lease: Duration) async throws -> Bool

    /// Removes a claimed mutation from its queue and remembers its outcome, as one atomic step,
    /// only while the claim is still `worker`'s (see ``renew(_:by:for:)``); `false`, and
    /// nothing changes, when it is not.
    nonisolated(nonsending) func settle(_ claim: QueuedMutation, by worker: String, outcome: MutationOutcome) async throws -> Bool

    /// Settles a claim as ``settle(_:by:outcome:)`` does, then claims the next head for
    /// `worker` as ``claimNext(by:for:)`` does: what a worker does after each delivery. Storage
    /// that can do both in one round trip implements it; the default makes the two calls.
    /// - Returns: Whether the claim was settled, and the next claim, if any.
    nonisolated(nonsending) func settle(
        _ claim: QueuedMutation,
        by worker: String,
        outcome: MutationOutcome,
        claimingNextFor lease: Duration
    ) async throws -> SettledClaim

    /// Gives a claim back after an attempt that failed for now, noting why: the mutation stays
    /// at the head of its queue, and no worker claims it again before `retryAfter` passed.
    nonisolated(nonsending) func release(_ idempotencyKey: String, by worker: String, reason: String, retryAfter: Duration) async throws

    /// Claims the oldest head of a queue that no live claim holds, as ``claimNext(by:for:)``
    /// does, and with it up to `limit - 1` mutations queued behind it in the same queue, in
    /// their order: a batch its worker delivers one after another and settles in one step.
    /// Every claim of the batch counts an attempt as begun and holds for `lease`. Storage
    /// that can claim several at once implements it; the default claims the head alone.
    /// - Returns: The claims in queue order; empty when nothing can be claimed.
    nonisolated(nonsending) func claimNext(_ limit: Int, by worker: String, for lease: Duration) async throws -> [QueuedMutation]

    /// Settles several claims of one batch, each as ``settle(_:by:outcome:)`` does, then claims
    /// the next batch of up to `limit` mutations (none when `limit` is `0`) as
    /// ``claimNext(_:by:for:)`` does: what a worker does after a batch. Storage that can do it
    /// in one round trip implements it; the default settles one claim after another.
    /// - Returns: The keys of the claims that were still the worker's and left their queue,
    ///   and the next batch.
    nonisolated(nonsending) func settle(
        _ settlements: [ClaimSettlement],
        by worker: String,
        claimingNext limit: Int,
        for lease: Duration
    ) async throws -> SettledClaims

    /// Gives back claims of a batch that were never attempted, because a mutation before them
    /// in their queue was not delivered: each stays where it was in its queue, claimable at
    /// once, and its attempt no longer counts. A claim that is no longer `worker`'s is left
    /// alone. The default releases each (``release(_:by:reason:retryAfter:)``) with no wait.
    nonisolated(nonsending) func giveBack(_ claims: [QueuedMutation], by worker: String) async throws

    /// Extends several claims of one worker for another `lease` from now, each as
    /// ``renew(_:by:for:)`` does: what a worker does for a batch in flight. Storage that can
    /// renew them in one round trip implements it; the default renews one after another.
    /// - Returns: The idempotency keys of the claims still `worker`'s, now renewed; a claim
    ///   missing from them is no longer the worker's, and the worker must not settle it.
    nonisolated(nonsending) func renew(claims: [QueuedMutation], by worker: String, for lease: Duration) async throws -> Set<String>
}

/// One claim of a batch and how its delivery ended, for
/// ``SharedMutationQueueStorage/settle(_:by:claimingNext:for:)``.
public struct ClaimSettlement: Sendable {
    /// The claim, as the storage returned it.
    public var claim: QueuedMutation
    /// How the mutation ended.
    public var outcome: MutationOutcome

    /// Creates the settlement of a claim.
    public init(claim: QueuedMutation, outcome: MutationOutcome) {
        self.claim = claim
        self.outcome = outcome
    }
}

/// What ``SharedMutationQueueStorage/settle(_:by:claimingNext:for:)`` did.
public struct SettledClaims: Sendable {
    /// The idempotency keys of the claims that were still the worker's and left their queue.
    public var settled: Set<String>
    /// The worker's next batch, in queue order; empty when nothing was claimed.
    public var next: [QueuedMutation]

    /// Creates the result of settling a batch and claiming the next.
    public init(settled: Set<String>, next: [QueuedMutation]) {
        self.settled = settled
        self.next = next
    }
}

/// What ``SharedMutationQueueStorage/settle(_:by:outcome:claimingNextFor:)`` did.
public struct SettledClaim: Sendable {
    /// Whether the claim was still the worker's, and the mutation left its queue.
    public var settled: Bool
    /// The worker's next claim, or `nil` when nothing can be claimed.
    public var next: QueuedMutation?

    /// Creates the result of a settlement and a claim.
    public init(settled: Bool, next: QueuedMutation?) {
        self.settled = settled
        self.next = next
    }
}

extension SharedMutationQueueStorage {
    /// Settles, then claims, in two calls.
    public nonisolated(nonsending) func settle(
        _ claim: QueuedMutation,
        by worker: String,
        outcome: MutationOutcome,
        claimingNextFor lease: Duration
    ) async throws -> SettledClaim {
        let settled = try await settle(claim, by: worker, outcome: outcome)
        return SettledClaim(settled: settled, next: try await claimNext(by: worker, for: lease))
    }

    /// Claims the head alone (``claimNext(by:for:)``).
    public nonisolated(nonsending) func claimNext(_ limit: Int, by worker: String, for lease: Duration) async throws -> [QueuedMutation] {
        guard limit > 0, let claim = try await claimNext(by: worker, for: lease) else { return [] }
        return [claim]
    }

    /// Settles the claims one after another, the last together with the next claim
    /// (``settle(_:by:outcome:claimingNextFor:)``) when one is asked for.
    public nonisolated(nonsending) func settle(
        _ settlements: [ClaimSettlement],
        by worker: String,
        claimingNext limit: Int,
        for lease: Duration
    ) async throws -> SettledClaims {
        var settled = Set<String>()
        for (index, settlement) in settlements.enumerated() {
            let key = settlement.claim.idempotencyKey
            if index == settlements.count - 1, limit > 0 {
                let last = try await settle(settlement.claim, by: worker, outcome: settlement.outcome, claimingNextFor: lease)
                if last.settled { settled.insert(key) }
                return SettledClaims(settled: settled, next: last.next.map { [$0] } ?? [])
            }
            if try await settle(settlement.claim, by: worker, outcome: settlement.outcome) { settled.insert(key) }
        }
        return SettledClaims(settled: settled, next: try await claimNext(limit, by: worker, for: lease))
    }

    /// Renews each claim with its own call.
    public nonisolated(nonsending) func renew(claims: [QueuedMutation], by worker: String, for lease: Duration) async throws -> Set<String> {
        var held = Set<String>()
        for claim in claims where try await renew(claim, by: worker, for: lease) {
            held.insert(claim.idempotencyKey)
        }
        return held
    }

    /// Releases each claim with no wait.
    public nonisolated(nonsending) func giveBack(_ claims: [QueuedMutation], by worker: String) async throws {
        for claim in claims {
            try await release(claim.idempotencyKey, by: worker, reason: "not attempted: a mutation before it in its queue was not delivered", retryAfter: .zero)
        }
    }
}
