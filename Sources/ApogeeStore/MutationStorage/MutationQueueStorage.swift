/// Where a durable mutation queue keeps its mutations: SQLite for a queue that survives the
/// process (`ApogeeSQLite`), PostgreSQL for a queue that a fleet of processes shares
/// (`ApogeePostgres`, through ``SharedMutationQueueStorage``), or memory
/// (``InMemoryMutationQueueStorage``).
///
/// The methods are `async` so that storage over a network can wait without blocking a
/// thread; storage on the device implements them as plain synchronous methods, which
/// satisfy the requirements. Every method is one atomic step, done before it returns: the queue relies on
/// ``enqueue(_:)`` being durable before the mutation is sent, and on ``settle(_:outcome:)``
/// removing the mutation and recording its outcome together.
///
/// ## Topics
/// ### Queueing
/// - ``enqueue(_:)``
/// - ``pendingMutations()``
/// - ``pendingCount()``
/// ### Delivery
/// - ``recordAttempt(_:)``
/// - ``recordFailure(_:reason:)``
/// - ``settle(_:outcome:)``
/// - ``settle(_:outcome:recordingAttemptAt:)``
/// - ``cancel(_:)``
/// - ``outcome(of:)``
public protocol MutationQueueStorage: AnyObject, Sendable {
    /// Adds a mutation at the end of its queue, assigning its ``QueuedMutation/sequence``.
    /// A mutation whose idempotency key is already queued or settled is not added again:
    /// the result says what there is instead.
    nonisolated(nonsending) func enqueue(_ mutation: QueuedMutation) async throws -> EnqueueResult

    /// Every mutation still queued, in every queue, in ``QueuedMutation/sequence`` order.
    nonisolated(nonsending) func pendingMutations() async throws -> [QueuedMutation]

    /// How many mutations are still queued, in every queue: what a queue waiting until
    /// storage is empty asks after each mutation it settles, so storage over a network
    /// counts instead of sending every row.
    nonisolated(nonsending) func pendingCount() async throws -> Int

    /// Counts an attempt as begun, before the request leaves; returns the mutation with its
    /// new ``QueuedMutation/attempts``, or `nil` when it is no longer queued.
    nonisolated(nonsending) func recordAttempt(_ idempotencyKey: String) async throws -> QueuedMutation?

    /// Notes why the last attempt failed; the mutation stays queued.
    nonisolated(nonsending) func recordFailure(_ idempotencyKey: String, reason: String) async throws

    /// Removes a mutation from its queue and remembers its outcome.
    nonisolated(nonsending) func settle(_ idempotencyKey: String, outcome: MutationOutcome) async throws

    /// Settles a mutation and counts an attempt as begun at the one its queue sends next:
    /// ``settle(_:outcome:)`` then ``recordAttempt(_:)``, in one atomic step where storage
    /// can make it one. A queue that sends its mutations one after another then commits once
    /// per mutation instead of twice.
    /// - Returns: The next mutation's new ``QueuedMutation/attempts``, or `nil` when it is no
    ///   longer queued. Only the count: the queue that asks has the mutation already.
    nonisolated(nonsending) func settle(
        _ idempotencyKey: String,
        outcome: MutationOutcome,
        recordingAttemptAt next: String
    ) async throws -> Int?

    /// Removes a mutation that has not been sent (no attempt begun), remembering it as
    /// cancelled. Returns `false`, and changes nothing, when it was sent or is not queued.
    nonisolated(nonsending) func cancel(_ idempotencyKey: String) async throws -> Bool

    /// The outcome of a mutation that left the queue, or `nil` when it is still queued or
    /// unknown. Storage may forget old outcomes.
    nonisolated(nonsending) func outcome(of idempotencyKey: String) async throws -> MutationOutcome?
}

extension MutationQueueStorage {
    /// Settles, then counts the attempt, in two steps: enough for storage whose steps cost
    /// little, such as memory.
    public nonisolated(nonsending) func settle(
        _ idempotencyKey: String,
        outcome: MutationOutcome,
        recordingAttemptAt next: String
    ) async throws -> Int? {
        try await settle(idempotencyKey, outcome: outcome)
        return try await recordAttempt(next)?.attempts
    }

    /// Counts ``pendingMutations()``: enough for storage that keeps them at hand.
    public nonisolated(nonsending) func pendingCount() async throws -> Int {
        try await pendingMutations().count
    }
}

/// What ``MutationQueueStorage/enqueue(_:)`` did.
public enum EnqueueResult: Sendable, Hashable {
    /// The mutation was added, with its sequence assigned.
    case enqueued(QueuedMutation)
    /// A mutation with the same idempotency key is already queued: this one.
    case alreadyQueued(QueuedMutation)
    /// A mutation with the same idempotency key already left the queue, with this outcome.
    case alreadySettled(MutationOutcome)
}
