import ApogeeAPI
import Foundation

/// A mutation waiting in a durable queue, as it is written to storage before it is sent.
///
/// It holds everything needed to send it again after the process dies: the document, the
/// variables as JSON, and the optimistic layer it showed, so that the layer can be applied
/// again at the next start and the mutation delivered by whichever run reaches the server.
public struct QueuedMutation: Sendable, Hashable, Identifiable {
    /// The mutation's identity: its idempotency key.
    public var id: String { idempotencyKey }
    /// Sent in the `Idempotency-Key` header, the same on every attempt, so a server that
    /// remembers keys applies the mutation once however often it is sent.
    public var idempotencyKey: String
    /// The queue it belongs to; mutations of one queue are delivered one at a time, in order.
    public var queue: String
    /// Its position: assigned by the storage when it is enqueued, increasing.
    public var sequence: Int64
    /// The operation's name, which finds its generated type again after a restart.
    public var operationName: String
    /// The document sent.
    public var document: String
    /// The variables, as JSON.
    public var variables: JSONObject
    /// The optimistic response it was enqueued with, if any.
    public var optimisticResponse: JSONObject?
    /// The optimistic layer it showed (its response and updater, already applied to records),
    /// applied again as it was when the mutation is restored after a restart.
    public var optimisticChanges: RecordChangeSet?
    /// When it was enqueued.
    public var enqueuedAt: Date
    /// How many sends have begun. Once it is above zero the server may have the mutation, so
    /// it can no longer be cancelled.
    public var attempts: Int
    /// Why the last attempt failed, if it did.
    public var lastError: String?

    /// Creates a queued mutation; the storage assigns ``sequence`` when it is enqueued.
    public init(
        idempotencyKey: String = UUID().uuidString,
        queue: String = "default",
        sequence: Int64 = 0,
        operationName: String,
        document: String,
        variables: JSONObject,
        optimisticResponse: JSONObject? = nil,
        optimisticChanges: RecordChangeSet? = nil,
        enqueuedAt: Date = Date(),
        attempts: Int = 0,
        lastError: String? = nil
    ) {
        self.idempotencyKey = idempotencyKey
        self.queue = queue
        self.sequence = sequence
        self.operationName = operationName
        self.document = document
        self.variables = variables
        self.optimisticResponse = optimisticResponse
        self.optimisticChanges = optimisticChanges
        self.enqueuedAt = enqueuedAt
        self.attempts = attempts
        self.lastError = lastError
    }
}
