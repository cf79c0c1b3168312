import Dispatch

/// Where a client handles its subscriptions' events: each event is decoded, passed through
/// the interceptors and written into the store there before the stream gets it.
public enum SubscriptionEventQueue: Sendable, Hashable {
    /// A serial queue of the client's own, off Swift's cooperative thread pool (the default).
    ///
    /// A store write is synchronous work under the store's lock. On the cooperative pool, which
    /// has one thread per core, a burst of events would hold those threads from the rest of
    /// the process: a server's request handlers, or the server itself when it runs in the
    /// same process. Measured with the example server in the benchmark's process, events
    /// through the client went from 0.82× to about 0.9× the rate of a raw WebSocket reader.
    case dedicated
    /// Swift's cooperative thread pool, as for any task.
    case cooperativePool
}

/// A task executor that runs every job on one serial dispatch queue: the client's
/// ``SubscriptionEventQueue/dedicated`` queue.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SerialQueueTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// The serial queues that handle subscription events, one per client.
package enum SubscriptionQueues {
    /// Marks a subscription queue, so that code can tell it runs on one.
    package static let key = DispatchSpecificKey<Bool>()

    /// A new queue for one client's subscription events.
    static func make() -> DispatchQueue {
        let queue = DispatchQueue(label: "dev.apogee.subscription-events")
        queue.setSpecific(key: key, value: true)
        return queue
    }

    /// Whether the caller runs on a client's subscription queue.
    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) ?? false
    }

    /// Starts `operation` on `queue`, or on the cooperative pool when there is none (or the
    /// platform cannot prefer an executor for a task).
    static func startTask(on queue: DispatchQueue?, _ operation: sending @escaping @isolated(any) () async -> Void) -> Task<Void, Never> {
        if let queue, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            return Task(executorPreference: SerialQueueTaskExecutor(queue: queue), operation: operation)
        }
        return Task(operation: operation)
    }
}
