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
}
