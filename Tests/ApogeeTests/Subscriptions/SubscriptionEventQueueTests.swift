import Apogee
import ApogeeExampleServer
import LiveFixtures
import TestSupport
import Testing

/// A client handles its subscription events (the interceptors, the store write) on a serial
/// queue of its own unless configured to use the cooperative pool, over WebSockets and
/// server-sent events alike.
@Suite struct SubscriptionEventQueueTests {
    /// Notes, for each subscription event it sees, whether it runs on a client's subscription
    /// queue.
    struct QueueObserver: GraphQLInterceptor {
        let onSubscriptionQueue: Recorder<Bool>

        func intercept<Operation: GraphQLOperation>(
            _ request: GraphQLRequest<Operation>,
            next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
        ) async throws -> GraphQLResult<Operation.Data> {
            let result = try await next(request)
            if Operation.operationType == .subscription { onSubscriptionQueue.append(SubscriptionQueues.isCurrent) }
            return result
        }
    }

    /// The ticks of one counter read through a client configured with `queue`, with what the
    /// observer saw for each and the counter's value in the store afterwards.
    static func readTicks(over path: SubscriptionPath, queue: SubscriptionEventQueue) async throws -> (values: [Int?], onQueue: [Bool], stored: Int?) {
        try await withServer { server in
            let seen = Recorder<Bool>()
            let provider = DefaultInterceptorProvider(retry: nil).inserting(QueueObserver(onSubscriptionQueue: seen), at: 0)
            let live = server.liveClient(over: path, provider: provider)
            var configuration = ApogeeClient.Configuration()
            configuration.subscriptionEventQueue = queue
            let client = ApogeeClient(url: server.liveURL, store: live.client.store, interceptorProvider: provider, networkTransport: live.client.networkTransport, configuration: configuration)
            // The query's root field then points at the counter's record, which the events update.
            _ = try await client.fetch(query: CounterQuery(id: "q"))
            let results = try await allResults(of: client.subscribe(subscription: CounterTicksSubscription(id: "q", count: 3)))
            let stored = try await client.fetch(query: CounterQuery(id: "q"), cachePolicy: .returnCacheDataDontFetch).data?.counter.value
            return (results.map { $0.data?.counterTicks.value }, seen.values, stored)
        }
    }

    @Test(arguments: SubscriptionPath.allCases)
    func eventsAreHandledOnTheClientsOwnQueueByDefault(path: SubscriptionPath) async throws {
        #expect(ApogeeClient.Configuration().subscriptionEventQueue == .dedicated)
        let (values, onQueue, stored) = try await Self.readTicks(over: path, queue: .dedicated)
        #expect(values == [1, 2, 3])
        #expect(onQueue == [true, true, true])
        #expect(stored == 3)
    }

    @Test(arguments: SubscriptionPath.allCases)
    func eventsCanBeHandledOnTheCooperativePool(path: SubscriptionPath) async throws {
        let (values, onQueue, stored) = try await Self.readTicks(over: path, queue: .cooperativePool)
        #expect(values == [1, 2, 3])
        #expect(onQueue == [false, false, false])
        #expect(stored == 3)
    }
}
