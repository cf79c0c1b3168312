import Apogee
import TodoAPI

extension TodoStory {
    /// `QueryPager` over the Relay connection: the list a page at a time, each page merged
    /// into the one connection record, as an app that scrolls loads it.
    func pageThroughList(pageSize: Int) async throws {
        log.step(7, "The list \(pageSize) at a time, with a QueryPager over the connection")
        let pager = try QueryPager(client: client, query: TodoPagesQuery(first: .some(pageSize)))
        try await pager.load(cachePolicy: .fetchIgnoringCacheData)
        log.event("first page: \(pager.data?.pageRows.count ?? 0) to-do(s); hasNext = \(pager.hasNext)")
        while pager.hasNext {
            try await pager.loadNext()
            log.event("after loadNext(): \(pager.data?.pageRows.count ?? 0) to-do(s) in one list; hasNext = \(pager.hasNext)")
        }
        let paged = pager.data?.pageRows.map(\.id) ?? []
        let whole = try await client.fetch(query: TodoListQuery(first: 100), cachePolicy: .fetchIgnoringCacheData).data?.rows.map(\.id) ?? []
        guard paged == whole else {
            throw ExampleFailure("the pages merged into \(paged.count) to-dos, the whole list has \(whole.count)")
        }
        log.event("the merged pages are the whole list, in its order: \(paged.count) to-dos")
    }
}

extension TodoPagesQuery.Data {
    /// The to-dos of the pages loaded so far, in order.
    var pageRows: [TodoRow] {
        user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow } ?? []
    }
}
