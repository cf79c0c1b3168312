/// Mutation queue storage that many ``MutationQueueStorage`` users share: several processes,
/// each with its own queue, deliver the same queues (`ApogeePostgres`).
///
/// A queue over shared storage cannot trust its own copy of what is pending, since other
/// processes add and deliver mutations too. It claims each mutation before sending it instead:
/// a claim is granted only for the head of a queue that no live claim holds, so one mutation
/// per queue name is in flight across all processes and each queue keeps its order. A claim
/// is a lease: a worker that dies loses it when the lease runs out, and another worker takes
/// the head over, sending it with the same idempotency key.
///
/// Settling is recorded once: the first outcome written for a key stands, and a worker whose
/// lease ran out while it waited for the server changes nothing when it settles late.
///
/// ## Topics
/// ### Claiming
/// - ``claimNext(by:for:)``
/// - ``release(_:by:reason:retryAfter:)``
public protocol SharedMutationQueueStorage: MutationQueueStorage {
    /// Claims the oldest head of a queue that no live claim holds, counting an attempt as
    /// begun, for `lease`; `nil` when every queue is empty, held or waiting to be retried.
    /// - Parameters:
    ///   - worker: Names the claimant, for the operator's view of who holds what.
    ///   - lease: How long the claim holds without being settled or released. Longer than
    ///     the client's request timeout, so a worker that is alive does not lose it.
    nonisolated(nonsending) func claimNext(by worker: String, for lease: Duration) async throws -> QueuedMutation?

    /// Gives a claim back after an attempt that failed for now, noting why: the mutation stays
    /// at the head of its queue, and no worker claims it again before `retryAfter` passed.
    nonisolated(nonsending) func release(_ idempotencyKey: String, by worker: String, reason: String, retryAfter: Duration) async throws
}
