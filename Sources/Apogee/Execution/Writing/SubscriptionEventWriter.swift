import ApogeeAPI
import Dispatch

/// Writes one subscription's results into the store, in order, and then hands each to the
/// subscription's stream (or just hands them on, for a subscription that does not write).
///
/// With a write queue, the subscription's task goes on to decode the next event while the
/// queue writes this one, so the two run on different threads. At most ``maximumPending``
/// results wait for the queue: past that, the task waits too, and the transport's own
/// buffer holds what arrives meanwhile. Without a queue, the task writes each result itself.
package final class SubscriptionEventWriter<Subscription: GraphQLSubscription>: Sendable {
    package typealias Results = AsyncThrowingStream<GraphQLResult<Subscription.Data>, any Error>

    /// How many results may wait for the write queue before the subscription's task waits.
    package static var maximumPending: Int { 16 }

    private struct Pending {
        var count = 0
        /// The subscription's task, waiting for the queue to catch up.
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let client: ApogeeClient
    private let subscription: Subscription
    private let writesToStore: Bool
    /// Every event of the subscription is written with the same variables.
    private let variables: JSONObject
    private let queue: DispatchQueue?
    private let results: Results.Continuation
    private let pending = Locked(Pending())
    /// Called each time the subscription's task waits for the queue: a test's window on the
    /// bound.
    private let onWait: @Sendable () -> Void

    package init(
        client: ApogeeClient,
        subscription: Subscription,
        writesToStore: Bool,
        results: Results.Continuation,
        onWait: @escaping @Sendable () -> Void = {}
    ) {
        self.onWait = onWait
        self.client = client
        self.subscription = subscription
        self.writesToStore = writesToStore
        self.variables = writesToStore ? subscription.variablesJSON : [:]
        self.queue = writesToStore ? client.subscriptionWriteQueue : nil
        self.results = results
    }

    /// Writes `result` and then yields it to the stream; returns once there is room for
    /// the next.
    package func write(_ result: GraphQLResult<Subscription.Data>) async {
        guard writesToStore else {
            results.yield(result)
            return
        }
        guard let queue else {
            results.yield(client.storing(result, for: subscription, variables: variables))
            return
        }
        let isFull = pending.withLock { pending in
            pending.count += 1
            return pending.count >= Self.maximumPending
        }
        queue.async { [self] in
            results.yield(client.storing(result, for: subscription, variables: variables))
            let waiter = pending.withLock { pending -> CheckedContinuation<Void, Never>? in
                pending.count -= 1
                guard pending.count < Self.maximumPending, let waiter = pending.waiter else { return nil }
                pending.waiter = nil
                return waiter
            }
            waiter?.resume()
        }
        guard isFull else { return }
        onWait()
        await withCheckedContinuation { waiter in
            let hasRoom = pending.withLock { pending in
                guard pending.count >= Self.maximumPending else { return true }
                pending.waiter = waiter
                return false
            }
            if hasRoom { waiter.resume() }
        }
    }

    /// Ends the stream after every result already given to ``write(_:)``.
    package func finish(throwing error: (any Error)? = nil) {
        guard let queue else { return results.finish(throwing: error) }
        // After the writes the queue still holds, so that the stream ends after their results.
        queue.async { [results] in results.finish(throwing: error) }
    }
}
