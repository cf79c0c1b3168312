@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeStore
import Dispatch
import Foundation
import LiveFixtures
import TestSupport
import Testing

/// A client writes its subscription events into the store on a serial queue of its own unless
/// configured to use the cooperative pool, over WebSockets and server-sent events alike.
@Suite struct SubscriptionWriteQueueTests {
    /// A gate that holds the first store write back until the test opens it, as a store slower
    /// than the events would.
    final class WriteGate: Sendable {
        private let isOpen = Locked(false)
        private let semaphore = DispatchSemaphore(value: 0)

        func open() {
            isOpen.withLock { $0 = true }
            semaphore.signal()
        }

        /// Waits while the gate is shut. The write queue is serial, so only its first write
        /// can be waiting here.
        func pass() {
            if !isOpen.withLock({ $0 }) { semaphore.wait() }
        }
    }

    /// The ticks of one counter read through a client configured with `queue`, with where each
    /// tick's store write ran and the counter's value in the store afterwards.
    static func readTicks(over path: SubscriptionPath, queue: SubscriptionWriteQueue) async throws -> (values: [Int?], onQueue: [Bool], stored: Int?) {
        try await withServer { server in
            let onWriteQueue = Recorder<Bool>()
            let source = ObservedRecordSource { onWriteQueue.append(SubscriptionWriteQueues.isCurrent) }
            let live = server.liveClient(over: path, store: NormalizedStore(source: source))
            var configuration = ApogeeClient.Configuration()
            configuration.subscriptionWriteQueue = queue
            let client = ApogeeClient(url: server.liveURL, store: live.client.store, interceptorProvider: live.client.interceptorProvider, networkTransport: live.client.networkTransport, configuration: configuration)
            // The query's root field then points at the counter's record, which the events update.
            _ = try await client.fetch(query: CounterQuery(id: "q"))
            let writesBefore = onWriteQueue.values.count
            let results = try await allResults(of: client.subscribe(subscription: CounterTicksSubscription(id: "q", count: 3)))
            let stored = try await client.fetch(query: CounterQuery(id: "q"), cachePolicy: .returnCacheDataDontFetch).data?.counter.value
            return (results.map { $0.data?.counterTicks.value }, Array(onWriteQueue.values.dropFirst(writesBefore)), stored)
        }
    }

    @Test(arguments: SubscriptionPath.allCases)
    func eventsAreWrittenOnTheClientsOwnQueueByDefault(path: SubscriptionPath) async throws {
        #expect(ApogeeClient.Configuration().subscriptionWriteQueue == .dedicated)
        let (values, onQueue, stored) = try await Self.readTicks(over: path, queue: .dedicated)
        #expect(values == [1, 2, 3])
        #expect(onQueue == [true, true, true])
        #expect(stored == 3)
    }

    @Test(arguments: SubscriptionPath.allCases)
    func eventsCanBeWrittenOnTheCooperativePool(path: SubscriptionPath) async throws {
        let (values, onQueue, stored) = try await Self.readTicks(over: path, queue: .cooperativePool)
        #expect(values == [1, 2, 3])
        #expect(onQueue == [false, false, false])
        #expect(stored == 3)
    }

    @Test
    func atMostSixteenResultsWaitForTheirStoreWrite() async throws {
        let gate = WriteGate()
        let source = ObservedRecordSource { gate.pass() }
        let client = ApogeeClient(url: try #require(URL(string: "http://127.0.0.1:9/graphql")), store: NormalizedStore(source: source))
        let ticks = try (1...100).map { value in
            GraphQLResult(data: try CounterTicksSubscription.Data(json: ["counterTicks": ["__typename": "Counter", "id": "g", "value": .int(value)]]))
        }
        let (results, resultsContinuation) = AsyncThrowingStream<GraphQLResult<CounterTicksSubscription.Data>, any Error>.makeStream()
        let (waits, waitsContinuation) = AsyncStream<Void>.makeStream()
        let writer = SubscriptionEventWriter(
            client: client, subscription: CounterTicksSubscription(id: "g", count: 100), writesToStore: true,
            results: resultsContinuation, onWait: { waitsContinuation.yield() })
        let handedOver = Recorder<Int>()
        let writing = Task {
            for tick in ticks {
                await writer.write(tick)
                handedOver.append(tick.data?.counterTicks.value ?? 0)
            }
            writer.finish()
            // A writer without a bound never waits: the loop below then ends without a wait.
            waitsContinuation.finish()
        }
        var waited = false
        for await _ in waits {
            waited = true
            break
        }
        // The store holds the first write at the gate, so the 16th result is the one waiting.
        #expect(waited)
        #expect(handedOver.values == Array(1...15))
        gate.open()
        await writing.value
        let delivered = try await allResults(of: results)
        #expect(delivered.map { $0.data?.counterTicks.value } == Array(1...100))
        let stored = try client.store.record(for: "Counter:g")
        #expect(stored?["value"] == .scalar(.int(100)))
    }
}
