import ApogeeAPI
import Dispatch

/// Where a client writes its subscriptions' events into the store.
public enum SubscriptionWriteQueue: Sendable, Hashable {
    /// A serial dispatch queue of the client's own, off Swift's cooperative thread pool (the
    /// default).
    ///
    /// A store write is synchronous work under the store's lock. The cooperative pool has one
    /// thread per core, so a burst of events written there would hold threads the rest of the
    /// process is waiting for: a server's request handlers, or the server itself when it runs
    /// in the same process. The subscription's task goes on to the next event while the queue
    /// writes, and the queue hands each result to the stream once it is written. Measured with
    /// the example server in the benchmark's process, this is the difference between about
    /// 0.8× and about 0.9× the event rate of a raw WebSocket reader (`Benchmarks/README.md`).
    case dedicated
    /// Swift's cooperative thread pool: each event is written by the subscription's own task.
    case cooperativePool
}

/// The serial queues that write subscription events into the store, one per client.
package enum SubscriptionWriteQueues {
    /// Marks a subscription write queue, so that code can tell it runs on one.
    private static let key = DispatchSpecificKey<Bool>()

    /// A new queue for the subscription writes of a client configured with `configuration`,
    /// or `nil` when they are written on the cooperative pool.
    static func make(for configuration: ApogeeClient.Configuration) -> DispatchQueue? {
        guard configuration.subscriptionWriteQueue == .dedicated else { return nil }
        let queue = DispatchQueue(label: "dev.apogee.subscription-writes")
        queue.setSpecific(key: key, value: true)
        return queue
    }

    /// Whether the caller runs on a client's subscription write queue.
    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) ?? false
    }
}
