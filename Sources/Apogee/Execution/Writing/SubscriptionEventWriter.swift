import ApogeeAPI
import Dispatch

/// Writes an executor's results into the store, in order, and then hands each to its stream
/// (or just hands them on, for results that are not written). A subscription's events are
/// what it writes most.
///
/// With a write queue (``ResultWrites/queue``), the executor's task goes on to decode the
/// next result while the queue writes this one, so the two run on different threads. At most
/// ``maximumPending`` results wait for the queue: past that, the task waits too, and the
/// transport's own buffer holds what arrives meanwhile. Without a queue, the task writes each
/// result itself.
package final class SubscriptionEventWriter<Operation: GraphQLOperation>: Sendable {
    package typealias Results = AsyncThrowingStream<GraphQLResult<Operation.Data>, any Error>

    /// How many results may wait for the write queue before the executor's task waits.
    package static var maximumPending: Int { 16 }

    private struct Pending {
        var count = 0
        /// The executor's task, waiting for the queue to catch up.
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let executor: OperationExecutor<Operation>
    private let results: Results.Continuation
    private let pending = Locked(Pending())
    /// Called each time the executor's task waits for the queue: a test's window on the
    /// bound.
    private let onWait: @Sendable () -> Void

    init(executor: OperationExecutor<Operation>, results: Results.Continuation, onWait: @escaping @Sendable () -> Void = {}) {
        self.executor = executor
        self.results = results
        self.onWait = onWait
    }

    private var queue: DispatchQueue? {
        executor.writes.toStore ? executor.writes.queue : nil
    }

    /// Hands on a result that needs no write (the store's own), after the results before it.
    func pass(_ result: GraphQLResult<Operation.Data>) {
        guard let queue else {
            results.yield(result)
            return
        }
        queue.async { [results] in results.yield(result) }
    }

    /// Writes `result` and then yields it to the stream; returns once there is room for
    /// the next.
    package func write(_ result: GraphQLResult<Operation.Data>, isFirst: Bool = false) async {
        guard let queue else {
            results.yield(executor.write(result, isFirst: isFirst))
            return
        }
        let isFull = pending.withLock { pending in
            pending.count += 1
            return pending.count >= Self.maximumPending
        }
        queue.async { [self] in
            results.yield(executor.write(result, isFirst: isFirst))
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

    /// Ends the stream after every result already given to ``write(_:isFirst:)``.
    package func finish(throwing error: (any Error)? = nil) {
        guard let queue else { return results.finish(throwing: error) }
        // After the writes the queue still holds, so that the stream ends after their results.
        queue.async { [results] in results.finish(throwing: error) }
    }
}

extension SubscriptionEventWriter where Operation: GraphQLSubscription {
    /// The writer of a subscription's events, as `subscribe` makes it.
    package convenience init(
        client: ApogeeClient,
        subscription: Operation,
        writesToStore: Bool,
        results: Results.Continuation,
        onWait: @escaping @Sendable () -> Void = {}
    ) {
        let executor = OperationExecutor(client: client, subscription: subscription, writesToStore: writesToStore, context: RequestContext())
        self.init(executor: executor, results: results, onWait: onWait)
    }
}
