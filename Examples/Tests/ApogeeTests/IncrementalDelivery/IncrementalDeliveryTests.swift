@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import Foundation
import HTTPTypes
import Synchronization
import Testing
import TestSupport

/// Operations with `@defer` and `@stream` over real HTTP on loopback, in both formats and on
/// every HTTP stack: each payload is a result with all the data so far, written into the store
/// as it arrives, and a response that breaks off is a typed error that leaves what arrived.
@Suite struct IncrementalDeliveryTests {
    static let cases: [(IncrementalDeliveryFormat, HTTPStack)] = IncrementalDeliveryFormat.all.flatMap { format in HTTPStack.all.map { (format, $0) } }

    /// A client of `server`'s RocketReserver endpoint that offers only `format`.
    static func client(
        _ server: ExampleServer,
        _ format: IncrementalDeliveryFormat,
        _ stack: HTTPStack,
        store: NormalizedStore = NormalizedStore(),
        provider: any InterceptorProvider = DefaultInterceptorProvider(retry: nil)
    ) -> ApogeeClient {
        var transport = HTTPNetworkTransport(transport: stack.makeTransport())
        transport.incrementalDeliveryFormats = [format]
        return ApogeeClient(url: server.rocketReserverURL, store: store, interceptorProvider: provider, networkTransport: transport)
    }

    /// Every result of a network-only fetch, in order.
    static func results<Query: GraphQLQuery>(of query: Query, from client: ApogeeClient) async throws -> [GraphQLResult<Query.Data>] {
        var results: [GraphQLResult<Query.Data>] = []
        for try await result in client.fetchResults(query: query, cachePolicy: .fetchIgnoringCacheData) {
            results.append(result)
        }
        return results
    }

    @Test(arguments: cases)
    func aDeferredFragmentArrivesAfterTheFirstPayload(format: IncrementalDeliveryFormat, stack: HTTPStack) async throws {
        try await withServer { server in
            let results = try await Self.results(of: DeferredLaunchQuery(id: "1"), from: Self.client(server, format, stack))
            try #require(results.count == 2)
            let first = try #require(results[0].data?.launch)
            #expect(first.id == "1")
            #expect(first.site != nil)
            #expect(first.missionDetails == .pending)
            #expect(results[0].hasNext)
            #expect(results[0].pendingIncrements.map(\.label) == (format == .incrementalSpecV0_2 ? ["Mission"] : []))

            let last = try #require(results[1].data?.launch)
            #expect(last.site == first.site)
            #expect(last.missionDetails.value?.mission?.name != nil)
            #expect(!results[1].hasNext)
            #expect(results[1].pendingIncrements.isEmpty)
            #expect(results.allSatisfy { $0.errors == nil })

            let accept = try #require(server.recordedRequests.last?.headers["accept"])
            #expect(accept.hasPrefix(format.mediaRange))
        }
    }

    /// `fetch` answers with the last result, which has every payload; the store has it all.
    @Test(arguments: cases)
    func fetchAnswersWithTheWholeResponse(format: IncrementalDeliveryFormat, stack: HTTPStack) async throws {
        try await withServer { server in
            let client = Self.client(server, format, stack)
            let result = try await client.fetch(query: DeferredLaunchQuery(id: "2"), cachePolicy: .fetchIgnoringCacheData)
            #expect(!result.hasNext)
            let mission = try #require(result.data?.launch?.missionDetails.value?.mission)
            let cached = try await client.fetch(query: LaunchMissionQuery(id: "2"), cachePolicy: .returnCacheDataDontFetch)
            #expect(cached.source == .cache)
            #expect(cached.data?.launch?.mission == mission)
            // With the deferred fragment in the store, the query reads whole from it.
            let fromStore = try await client.fetch(query: DeferredLaunchQuery(id: "2"), cachePolicy: .returnCacheDataDontFetch)
            #expect(fromStore.source == .cache)
            #expect(fromStore.data?.launch?.missionDetails.value?.mission == mission)
        }
    }

    /// Each payload is written as it arrives: a watcher of another query over the same records
    /// sees the deferred fragment's data.
    @Test(arguments: IncrementalDeliveryFormat.all)
    func theDeferredFragmentUpdatesAWatcherOfAnotherQuery(format: IncrementalDeliveryFormat) async throws {
        try await withServer { server in
            let client = Self.client(server, format, .native)
            var watcher = client.watch(query: LaunchMissionQuery(id: "3"), cachePolicy: .returnCacheDataDontFetch).makeAsyncIterator()
            let before = try await watcher.next()
            #expect(before?.data == nil)
            let fetched = try await client.fetch(query: DeferredLaunchQuery(id: "3"), cachePolicy: .fetchIgnoringCacheData)
            let expected = try #require(fetched.data?.launch?.missionDetails.value?.mission)
            var seen: LaunchMissionQuery.Data?
            while seen == nil, let result = try await watcher.next() {
                seen = result.data
            }
            #expect(seen?.launch?.mission == expected)
        }
    }

    /// Every result of a network-only fetch over `server`, with `betweenPayloads` run on the
    /// first result before the second is written: the later results wait at a gate until then.
    static func results<Query: GraphQLQuery>(
        of query: Query,
        from server: ExampleServer,
        _ format: IncrementalDeliveryFormat,
        betweenPayloads: (GraphQLResult<Query.Data>, ApogeeClient) throws -> Void
    ) async throws -> (results: [GraphQLResult<Query.Data>], client: ApogeeClient) {
        let gates = Gates()
        let count = Mutex(0)
        let provider = GatedProvider(gates: gates) { _ in
            count.withLock { count in
                count += 1
                return count > 1 ? "later" : nil
            }
        }
        let client = client(server, format, .native, provider: provider)
        var results: [GraphQLResult<Query.Data>] = []
        for try await result in client.fetchResults(query: query, cachePolicy: .fetchIgnoringCacheData) {
            results.append(result)
            if results.count == 1 {
                try betweenPayloads(result, client)
                await gates.open("later")
            }
        }
        return (results, client)
    }

    /// An increment is written at its path, and only it: what the app changed in the store
    /// between two payloads, in a record the first payload wrote, stays.
    @Test(arguments: IncrementalDeliveryFormat.all)
    func anIncrementIsWrittenAtItsPathAlone(format: IncrementalDeliveryFormat) async throws {
        var configuration = ExampleServer.Configuration()
        configuration.incrementalDelay = .zero
        try await withServer(configuration) { server in
            let (results, client) = try await Self.results(of: DeferredLaunchQuery(id: "7"), from: server, format) { first, client in
                #expect(first.data?.launch?.missionDetails == .pending)
                try client.store.commitUpdate { try $0.record(for: "Launch:7")?.setValue("Changed by the app", forField: "site") }
            }
            let last = try #require(results.last)
            #expect(results.count == 2)
            // The result is the server's; the store keeps the app's change beside the increment.
            #expect(last.data?.launch?.site != "Changed by the app")
            let mission = try #require(last.data?.launch?.missionDetails.value?.mission)
            let site = try await client.fetch(query: LaunchSiteQuery(id: "7"), cachePolicy: .returnCacheDataDontFetch)
            #expect(site.data?.launch?.site == "Changed by the app")
            let cached = try await client.fetch(query: LaunchMissionQuery(id: "7"), cachePolicy: .returnCacheDataDontFetch)
            #expect(cached.data?.launch?.mission == mission)
        }
    }

    /// Streamed items are appended to the list in the store; the items already there are
    /// referred to, not written again, so the app's change to one of them between payloads
    /// stays.
    @Test(arguments: IncrementalDeliveryFormat.all)
    func streamedItemsAreAppendedToTheListInTheStore(format: IncrementalDeliveryFormat) async throws {
        var configuration = ExampleServer.Configuration()
        configuration.incrementalDelay = .zero
        try await withServer(configuration) { server in
            let (results, client) = try await Self.results(of: StreamedLaunchesQuery(initialCount: 2), from: server, format) { first, client in
                let firstID = try #require(first.data?.launches.launches.first??.id)
                try client.store.commitUpdate { try $0.record(for: CacheKey("Launch:" + firstID))?.setValue("Changed by the app", forField: "site") }
            }
            let served = try #require(results.last?.data?.launches.launches)
            #expect(served.count == 5)
            let cached = try await client.fetch(query: StreamedLaunchesQuery(initialCount: 2), cachePolicy: .returnCacheDataDontFetch)
            let stored = try #require(cached.data?.launches.launches)
            #expect(stored.map { $0?.id } == served.map { $0?.id })
            #expect(stored.first??.site == "Changed by the app")
            #expect(stored.dropFirst().map { $0?.site } == served.dropFirst().map { $0?.site })
        }
    }

    /// `@defer` inside a list: the fragment of each item comes later, at the item's path.
    @Test(arguments: cases)
    func aFragmentDeferredInEachItemOfAList(format: IncrementalDeliveryFormat, stack: HTTPStack) async throws {
        try await withServer { server in
            let results = try await Self.results(of: DeferredLaunchPageQuery(), from: Self.client(server, format, stack))
            try #require(results.count >= 2)
            let first = try #require(results.first?.data?.launches.launches)
            #expect(first.count == 3)
            #expect(first.allSatisfy { $0?.siteDetails == .pending })
            let last = try #require(results.last?.data?.launches.launches)
            #expect(last.map { $0?.id } == first.map { $0?.id })
            #expect(last.allSatisfy { $0?.siteDetails.isFulfilled == true })
            #expect(results.last?.hasNext == false)
            // Each item's fragment went into that item's record, through the list's index.
            let client = Self.client(server, format, stack)
            let fetched = try await client.fetch(query: DeferredLaunchPageQuery(), cachePolicy: .fetchIgnoringCacheData)
            let fromStore = try await client.fetch(query: DeferredLaunchPageQuery(), cachePolicy: .returnCacheDataDontFetch)
            #expect(fromStore.source == .cache)
            #expect(fromStore.data?.launches.launches.map { $0?.siteDetails.value?.site } == fetched.data?.launches.launches.map { $0?.siteDetails.value?.site })
            #expect(fromStore.data?.launches.launches.allSatisfy { $0?.siteDetails.isFulfilled == true } == true)
        }
    }

    /// `@stream`: the list starts with `initialCount` items and grows to the whole list.
    @Test(arguments: cases, [0, 2])
    func aStreamedListGrows(format: (IncrementalDeliveryFormat, HTTPStack), initialCount: Int) async throws {
        try await withServer { server in
            let client = Self.client(server, format.0, format.1)
            let results = try await Self.results(of: StreamedLaunchesQuery(initialCount: initialCount), from: client)
            let counts = results.map { $0.data?.launches.launches.count ?? -1 }
            #expect(counts.first == initialCount)
            #expect(counts.last == 5)
            #expect(counts == counts.sorted())
            #expect(results.last?.hasNext == false)
            let ids = results.last?.data?.launches.launches.map { $0?.id }
            #expect(Set(ids ?? []).count == 5)
        }
    }

    /// A server that answers an operation with `@defer` in one plain response (one that does
    /// not defer) gives one complete result.
    @Test(arguments: HTTPStack.all)
    func aPlainResponseIsOneCompleteResult(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(#"{"data":{"launch":{"__typename":"Launch","id":"1","site":"KSC","mission":{"__typename":"Mission","name":"FalconSat"}}}}"#))
            let results = try await Self.results(of: DeferredLaunchQuery(id: "1"), from: Self.client(server, .incrementalSpecV0_2, stack))
            #expect(results.count == 1)
            #expect(results.first?.hasNext == false)
            #expect(results.first?.data?.launch?.missionDetails.value?.mission?.name == "FalconSat")
        }
    }

    /// A fragment deferred inside a deferred fragment comes after it, at its own path.
    @Test(arguments: cases)
    func aNestedDeferredFragmentComesAfterItsParent(format: IncrementalDeliveryFormat, stack: HTTPStack) async throws {
        try await withServer { server in
            let results = try await Self.results(of: NestedDeferredLaunchQuery(id: "4"), from: Self.client(server, format, stack))
            let states = results.map { result -> String in
                guard let launch = result.data?.launch else { return "no launch" }
                guard let outer = launch.outer.value else { return "outer pending" }
                return outer.rocket?.inner.isFulfilled == true ? "inner fulfilled" : "inner pending"
            }
            #expect(states.first == "outer pending")
            #expect(states.last == "inner fulfilled")
            let order = ["outer pending", "inner pending", "inner fulfilled"]
            let ranks = states.compactMap { order.firstIndex(of: $0) }
            #expect(ranks.count == states.count && ranks == ranks.sorted(), "\(states)")
            #expect(results.last?.data?.launch?.outer.value?.rocket?.inner.value?.name != nil)
        }
    }

    /// A field that fails inside a deferred fragment is an error of the result at its path,
    /// not a thrown error; the fragment arrives with the field null.
    @Test(arguments: cases)
    func anErrorInAnIncrementIsAResultAtItsPath(format: IncrementalDeliveryFormat, stack: HTTPStack) async throws {
        try await withServer { server in
            let unknownToken = ClosureInterceptor { headers, _, _ in headers[.authorization] = "not-a-token" }
            let client = Self.client(server, format, stack, provider: FixedInterceptorProvider([unknownToken]))
            let results = try await Self.results(of: DeferredMeQuery(), from: client)
            try #require(results.count == 2)
            #expect(results[0].errors == nil)
            #expect(results[0].data?.meDetails == .pending)
            #expect(results[1].data?.launch?.id == "1")
            #expect(results[1].data?.meDetails.isFulfilled == true)
            #expect(results[1].data?.meDetails.value?.me == nil)
            #expect(results[1].errors?.map(\.path) == [["me"]])
        }
    }

    /// Cancelling the task that reads the results stops reading: the request ends without the
    /// deferred part, and the store keeps what arrived.
    @Test(arguments: HTTPStack.all)
    func cancellingMidStreamKeepsWhatArrived(stack: HTTPStack) async throws {
        var configuration = ExampleServer.Configuration()
        configuration.incrementalDelay = .seconds(600)
        try await withServer(configuration) { server in
            let client = Self.client(server, .incrementalSpecV0_2, stack)
            let reading = Task { () -> GraphQLResult<DeferredLaunchQuery.Data>? in
                for try await result in client.fetchResults(query: DeferredLaunchQuery(id: "5"), cachePolicy: .fetchIgnoringCacheData) {
                    return result
                }
                return nil
            }
            // Returning from the loop drops the stream, which cancels the request.
            let first = try #require(try await reading.value)
            #expect(first.data?.launch?.missionDetails == .pending)
            let cached = try await client.fetch(query: LaunchSiteQuery(id: "5"), cachePolicy: .returnCacheDataDontFetch)
            #expect(cached.source == .cache)
            #expect(cached.data?.launch?.site == first.data?.launch?.site)
            let mission = try await client.fetch(query: LaunchMissionQuery(id: "5"), cachePolicy: .returnCacheDataDontFetch)
            #expect(mission.data == nil)
            // The query itself is not complete in the store without its deferred fragment.
            let deferred = try await client.fetch(query: DeferredLaunchQuery(id: "5"), cachePolicy: .returnCacheDataDontFetch)
            #expect(deferred.data == nil)
            #expect(deferred.cacheMiss != nil)
        }
    }

    /// Each way a response can break off: a typed error after the results that did arrive,
    /// which the store keeps.
    @Test(arguments: [
        (ExampleServerFault.incrementalCutInPart, "cut in a part"),
        (.incrementalBadBoundary, "a bad boundary"),
        (.incrementalNeverEnds, "hasNext never false"),
        (.incrementalNoClose, "no closing boundary"),
        (.incrementalUnknownID, "an unknown id"),
    ])
    func aBrokenResponseIsATypedErrorThatKeepsWhatArrived(fault: ExampleServerFault, name: String) async throws {
        for stack in HTTPStack.all {
            try await withServer { server in
                server.enqueueFault(fault)
                let client = Self.client(server, .incrementalSpecV0_2, stack)
                var results: [GraphQLResult<DeferredLaunchQuery.Data>] = []
                let error = await #expect(throws: ApogeeError.self, "\(name) on \(stack)") {
                    for try await result in client.fetchResults(query: DeferredLaunchQuery(id: "6"), cachePolicy: .fetchIgnoringCacheData) {
                        results.append(result)
                    }
                }
                switch name {
                case "hasNext never false":
                    #expect(error?.invalidResponseReason?.code == .unfinishedIncrementalDelivery)
                case "an unknown id":
                    #expect(error?.invalidResponseReason?.code == .malformedIncrementalPayload)
                case "no closing boundary":
                    #expect(error?.invalidResponseReason?.code == .malformedMultipart)
                default:
                    #expect(error?.code == .invalidResponse || error?.code == .transport, "\(String(describing: error))")
                }
                let cached = try await client.fetch(query: LaunchSiteQuery(id: "6"), cachePolicy: .returnCacheDataDontFetch)
                if name == "a bad boundary" {
                    // The first part runs on past the broken delimiter into the second, so it is
                    // not JSON: nothing arrived whole.
                    #expect(error?.invalidResponseReason?.code == .malformedJSON)
                    #expect(results.isEmpty)
                    #expect(cached.data == nil)
                } else {
                    #expect(results.first?.data?.launch?.missionDetails == .pending, "\(name) on \(stack)")
                    #expect(cached.data?.launch?.id == "6", "\(name) on \(stack)")
                }
            }
        }
    }
}
