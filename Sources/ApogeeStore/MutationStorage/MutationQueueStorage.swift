/// Where a durable mutation queue keeps its mutations: SQLite for a queue that survives the
/// process (`ApogeeSQLite`), or memory (``InMemoryMutationQueueStorage``).
///
/// Every method is one atomic step, done before it returns: the queue relies on
/// ``enqueue(_:)`` being durable before the mutation is sent, and on ``settle(_:outcome:)``
/// removing the mutation and recording its outcome together.
///
/// ## Topics
/// ### Queueing
/// - ``enqueue(_:)``
/// - ``pendingMutations()``
/// ### Delivery
/// - ``recordAttempt(_:)``
/// - ``recordFailure(_:reason:)``
/// - ``settle(_:outcome:)``
/// - ``cancel(_:)``
/// - ``outcome(of:)``
public protocol MutationQueueStorage: AnyObject, Sendable {
    /// Adds a mutation at the end of its queue, assigning its ``QueuedMutation/sequence``.
    /// A mutation whose idempotency key is already queued or settled is not added again:
    /// the result says what there is instead.
    func enqueue(_ mutation: QueuedMutation) throws -> EnqueueResult

    /// Every mutation still queued, in every queue, in ``QueuedMutation/sequence`` order.
    func pendingMutations() throws -> [QueuedMutation]

    /// Counts an attempt as begun, before the request leaves; returns the mutation with its
    /// new ``QueuedMutation/attempts``, or `nil` when it is no longer queued.
    func recordAttempt(_ idempotencyKey: String) throws -> QueuedMutation?

    /// Notes why the last attempt failed; the mutation stays queued.
    func recordFailure(_ idempotencyKey: String, reason: String) throws

    /// Removes a mutation from its queue and remembers its outcome.
    func settle(_ idempotencyKey: String, outcome: MutationOutcome) throws

    /// Removes a mutation that has not been sent (no attempt begun), remembering it as
    /// cancelled. Returns `false`, and changes nothing, when it was sent or is not queued.
    func cancel(_ idempotencyKey: String) throws -> Bool

    /// The outcome of a mutation that left the queue, or `nil` when it is still queued or
    /// unknown. Storage may forget old outcomes.
    func outcome(of idempotencyKey: String) throws -> MutationOutcome?
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
