@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import LiveFixtures
import RocketReserverAPI
import TestSupport
import Testing
import TodoAPI

/// `QueryPager` against the example server over HTTP: the Todo server's Relay connection
/// and the tutorial's cursor list of launches, each page merged into one list in the store.
@Suite("Query pager", .timeLimit(.minutes(10)))
@MainActor
struct QueryPagerTests {
    @Test("Pages of a Relay connection merge in order into one list, and hasNext ends at the last page")
    func connectionPagesMergeInOrder() async throws {
        try await withMainActorServer { server in
            let client = server.todoClient()
            let everything = try await client.fetch(query: TodoPagesQuery(first: .some(100)), cachePolicy: .fetchIgnoringCacheCompletely)
            let all = try #require(everything.data).rows.map(\.id)
            #expect(all.count == 4)

            let pager = try QueryPager(client: client, query: TodoPagesQuery(first: .some(1)))
            try await pager.load()
            #expect(pager.data?.rows.map(\.id) == Array(all.prefix(1)))
            #expect(pager.hasNext)
            #expect(!pager.hasPrevious)
            var loads = 0
            while pager.hasNext {
                try await pager.loadNext()
                loads += 1
                #expect(pager.data?.rows.map(\.id) == Array(all.prefix(loads + 1)))
            }
            #expect(loads == 3)
            #expect(server.requestCount(operationName: "TodoPages") == 5)
            // Every watcher of the query reads the whole list from the store.
            #expect(try client.store.read(TodoPagesQuery(first: .some(1))).result.get().rows.map(\.id) == all)
        }
    }

    @Test("Pages before the list come first, and a page that overlaps the list brings no duplicate")
    func backwardAndOverlappingPages() async throws {
        try await withMainActorServer { server in
            let client = server.todoClient()
            let all = try #require(try await client.fetch(query: TodoPagesQuery(first: .some(100)), cachePolicy: .fetchIgnoringCacheCompletely).data).rows
            let pager = try QueryPager(client: client, query: TodoPagesQuery(last: .some(2)))
            try await pager.load()
            #expect(pager.data?.rows.map(\.id) == all.suffix(2).map(\.id))
            #expect(pager.hasPrevious)
            try await pager.loadPrevious()
            #expect(pager.data?.rows.map(\.id) == all.map(\.id))
            #expect(!pager.hasPrevious)

            // The page after the first to-do overlaps the list: its items move to where the page puts them.
            let firstCursor = try #require(pager.data?.user?.todos?.edges?.first??.cursor)
            _ = try await client.fetch(query: TodoPagesQuery(first: .some(2), after: .some(firstCursor)), cachePolicy: .fetchIgnoringCacheData)
            let merged = try client.store.read(TodoPagesQuery(last: .some(2))).result.get().rows.map(\.id)
            #expect(merged == Array(all.prefix(3)).map(\.id))
            #expect(Set(merged).count == merged.count)
        }
    }

    @Test("Two loadNext calls while one is in flight send one request, and cancelling a load leaves the list as it was")
    func oneRequestForConcurrentLoads() async throws {
        try await withMainActorServer { server in
            let gates = Gates()
            let requests = Locked(0)
            // The first request (the first page) passes; every later one waits at the gate "page".
            let client = ApogeeClient(url: server.todoURL, interceptorProvider: GatedProvider(gates: gates) { _ in
                requests.withLock { $0 += 1; return $0 } > 1 ? "page" : nil
            })
            let pager = try QueryPager(client: client, query: TodoPagesQuery(first: .some(1)))
            try await pager.load()
            let firstPage = try #require(pager.data)

            let first = Task { try await pager.loadNext() }
            await gates.waitForArrival("page")
            #expect(pager.isLoadingNext)
            let second = Task { try await pager.loadNext() }
            first.cancel()
            await #expect(throws: CancellationError.self) { try await first.value }
            await #expect(throws: CancellationError.self) { try await second.value }
            #expect(pager.data == firstPage)
            #expect(!pager.isLoadingNext)
            #expect(try client.store.read(TodoPagesQuery(first: .some(1))).result.get() == firstPage)

            await gates.open("page")
            async let third: Void = pager.loadNext()
            async let fourth: Void = pager.loadNext()
            _ = try await (third, fourth)
            #expect(pager.data?.rows.count == 2)
            // The first page, the cancelled load, and one request for the two calls together.
            #expect(server.requestCount(operationName: "TodoPages") == 3)
        }
    }

    @Test("A mutation's @appendEdge lands in the merged list, and the pager and its updates show it")
    func appendEdgeLandsInTheMergedList() async throws {
        try await withMainActorServer { server in
            let client = server.todoClient()
            let pager = try QueryPager(client: client, query: TodoPagesQuery(first: .some(2)))
            try await pager.load()
            try await pager.loadNext()
            #expect(pager.data?.rows.count == 4)
            var updates = pager.updates.makeAsyncIterator()
            #expect(try await updates.nextValue().rows.count == 4)

            let connection = try #require(pager.data?.user?.todos?.__id)
            let added = try await client.perform(
                mutation: AddTodoMutation(input: .init(text: "Page me", userId: "me"), connections: [connection]))
            let id = try #require(added.data?.addTodo?.todoEdge.node?.fragments.todoRow.id)
            let shown = try await updates.nextValue()
            #expect(shown.rows.map(\.id).last == id)
            #expect(pager.data?.rows.count == 5)
        }
    }

    @Test("An optimistic add shows in the merged list and rolls back when its request is cancelled")
    func optimisticAddRollsBack() async throws {
        try await withMainActorServer { server in
            let gates = Gates()
            let client = server.todoClient(gates: gates)
            let pager = try QueryPager(client: client, query: TodoPagesQuery(first: .some(2)))
            try await pager.load()
            try await pager.loadNext()
            let loaded = try #require(pager.data)
            var updates = pager.updates.makeAsyncIterator()
            _ = try await updates.nextValue()

            let connection = try #require(loaded.user?.todos?.__id)
            let mutation = AddTodoMutation(input: .init(text: "Maybe", userId: "me"), connections: [connection])
            let guess: OptimisticResponse<AddTodoMutation.Data> = [
                "addTodo": [
                    "todoEdge": ["cursor": "optimistic", "node": ["id": "optimistic:1", "text": "Maybe", "complete": false]],
                    "user": ["id": .string(try #require(loaded.user?.id)), "totalCount": 5],
                ],
            ]
            let task = Task { try await client.perform(mutation: mutation, optimisticResponse: guess, context: .gate("add")) }
            #expect(try await updates.nextValue().rows.map(\.id) == loaded.rows.map(\.id) + ["optimistic:1"])
            await gates.waitForArrival("add")
            task.cancel()
            _ = try? await task.value
            #expect(try await updates.nextValue().rows.map(\.id) == loaded.rows.map(\.id))
            #expect(pager.data == loaded)
        }
    }

    @Test("The tutorial's cursor list of launches merges page after page, as the schema declares")
    func cursorListMerges() async throws {
        try await withMainActorServer { server in
            let client = ApogeeClient(url: server.rocketReserverURL)
            let pager = try QueryPager(client: client, query: LaunchListQuery(pageSize: .some(30)))
            try await pager.load()
            #expect(pager.data?.launches.launches.count == 30)
            while pager.hasNext {
                try await pager.loadNext()
            }
            let ids = try #require(pager.data).launches.launches.compactMap { $0?.id }
            #expect(ids.count == 100)
            #expect(Set(ids).count == 100)
            // Newest first, as the server lists them.
            #expect(ids.first == "100")
            #expect(ids.last == "1")
            #expect(pager.data?.launches.hasMore == false)
            #expect(server.requestCount(operationName: "LaunchList") == 4)
        }
    }

    @Test("An offset list merges by position, and a short page ends it")
    func offsetListMerges() async throws {
        try await withMainActorServer { server in
            let client = ApogeeClient(url: server.liveURL)
            let pager = try QueryPager(client: client, query: CountersQuery(limit: 10))
            try await pager.load()
            #expect(pager.data?.counters.map(\.id) == (1...10).map(String.init))
            try await pager.loadNext()
            try await pager.loadNext()
            #expect(pager.data?.counters.map(\.id) == (1...25).map(String.init))
            #expect(!pager.hasNext)
            #expect(server.requestCount(operationName: "Counters") == 3)

            // A page at an offset already held takes its places, and the items after it stay.
            _ = try await client.fetch(query: CountersQuery(offset: 5, limit: 10), cachePolicy: .fetchIgnoringCacheData)
            #expect(try client.store.read(CountersQuery(limit: 10)).result.get().counters.map(\.id) == (1...25).map(String.init))
        }
    }

    @Test("A refetch with other variables starts a new list")
    func refetchStartsANewList() async throws {
        try await withMainActorServer { server in
            let client = ApogeeClient(url: server.rocketReserverURL)
            let pager = try QueryPager(client: client, query: LaunchListQuery(pageSize: .some(10)))
            try await pager.load()
            try await pager.loadNext()
            #expect(pager.data?.launches.launches.count == 20)
            try await pager.refetch(LaunchListQuery(pageSize: .some(5)))
            #expect(pager.query.pageSize == .some(5))
            #expect(pager.data?.launches.launches.compactMap { $0?.id } == ["100", "99", "98", "97", "96"])
            try await pager.loadNext()
            #expect(pager.data?.launches.launches.count == 10)
        }
    }

    @Test("A page whose cursor the server rejects is a typed error, and the list keeps what it had")
    func rejectedCursor() async throws {
        try await withMainActorServer { server in
            let client = ApogeeClient(url: server.rocketReserverURL)
            let pager = try QueryPager(client: client, query: LaunchListQuery(pageSize: .some(10)))
            try await pager.load()
            // A cursor the server never gave, as after the server's data changed.
            try client.store.transaction { transaction in
                try transaction.update(LaunchListQuery(pageSize: .some(10))) { $0.launches.cursor = "not-a-cursor" }
            }
            try await pager.load()
            let before = try #require(pager.data)
            #expect(before.launches.cursor == "not-a-cursor")
            await #expect {
                try await pager.loadNext()
            } throws: { error in
                guard let error = error as? PaginationError, error.code == .pageFailed else { return false }
                return error.errors.first?.message.contains("not-a-cursor") == true
            }
            #expect(pager.data == before)
            #expect(!pager.isLoadingNext)
            #expect(try client.store.read(LaunchListQuery(pageSize: .some(10))).result.get().launches.launches.count == 10)
        }
    }

    @Test("A query without a paginated field is refused with the reason")
    func notPaginated() throws {
        let client = ApogeeClient(url: URL(string: "http://127.0.0.1:1/graphql")!)
        #expect {
            _ = try QueryPager(client: client, query: LaunchDetailsQuery(launchId: "1"))
        } throws: { error in
            guard let error = error as? PaginationError, error.code == .notPaginated else { return false }
            return error.reason.contains("LaunchDetails")
        }
    }
}

extension TodoPagesQuery.Data {
    /// The rows of the list, in order.
    var rows: [TodoRow] {
        user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow } ?? []
    }
}
