@testable import ApogeeAPI
@testable import ApogeeStore
import Testing
import TodoAPI

/// `@connection(key:)`: one record per list whatever the page, pages merged by cursor, `__id`.
@Suite("Connections")
struct ConnectionTests {
    @Test("__id reads the connection's record key, the same for every page")
    func connectionID() throws {
        let store = try TodoFixtures.store(["1", "2"])
        try store.write(data: TodoFixtures.list(["3"]), for: TodoListQuery(first: 1, after: "cursor-2"))
        let firstPage = try store.read(TodoListQuery()).result.get()
        let secondPage = try store.read(TodoListQuery(first: 1, after: "cursor-2")).result.get()
        #expect(firstPage.user?.todos?.__id == TodoFixtures.listConnection.rawValue)
        #expect(secondPage.user?.todos?.__id == TodoFixtures.listConnection.rawValue)
        let record = try #require(try store.record(for: TodoFixtures.userKey))
        #expect(record.fields.keys.filter { $0.contains("todos") } == ["__TodoList_todos_connection"])
    }

    @Test("a page after a cursor goes after that edge; page info takes the new end")
    func nextPage() throws {
        let store = NormalizedStore()
        try store.write(data: TodoFixtures.list(["1", "2"], hasNextPage: true), for: TodoListQuery(first: 2))
        try store.write(data: TodoFixtures.list(["3", "4"], hasNextPage: false), for: TodoListQuery(first: 2, after: "cursor-2"))
        #expect(try store.listIDs(TodoListQuery(first: 2)) == ["1", "2", "3", "4"])
        let pageInfo = try #require(try store.read(TodoListQuery(first: 2)).result.get().user?.todos?.pageInfo)
        #expect(pageInfo.endCursor == "cursor-4")
        #expect(!pageInfo.hasNextPage)
    }

    @Test("a page after a cursor in the middle replaces what followed that cursor")
    func pageFromTheMiddle() throws {
        let store = try TodoFixtures.store(["1", "2", "3", "4"])
        try store.write(data: TodoFixtures.list(["5"]), for: TodoListQuery(first: 1, after: "cursor-2"))
        #expect(try store.listIDs() == ["1", "2", "5"])
    }

    @Test("a page before a cursor goes before that edge and keeps the end of the list")
    func previousPage() throws {
        let store = try TodoFixtures.store(["3", "4"])
        try store.write(data: TodoFixtures.list(["1", "2"], hasNextPage: true), for: BeforePageQuery(before: "cursor-3"))
        #expect(try store.listIDs() == ["1", "2", "3", "4"])
        let pageInfo = try #require(try store.read(TodoListQuery()).result.get().user?.todos?.pageInfo)
        #expect(pageInfo.endCursor == "cursor-4")
        #expect(!pageInfo.hasNextPage)
    }

    @Test("a page without a cursor replaces the list: a refresh")
    func refresh() throws {
        let store = try TodoFixtures.store(["1", "2", "3"])
        try store.write(data: TodoFixtures.list(["9"]), for: TodoListQuery())
        #expect(try store.listIDs() == ["9"])
    }

    @Test("a page that brings a to-do again does not show it twice")
    func overlappingPages() throws {
        let store = try TodoFixtures.store(["1", "2", "3"])
        try store.write(data: TodoFixtures.list(["3", "4"]), for: TodoListQuery(first: 2, after: "cursor-1"))
        #expect(try store.listIDs() == ["1", "3", "4"])
        try store.write(data: TodoFixtures.list(["2"]), for: TodoListQuery(first: 1, after: "cursor-4"))
        #expect(try store.listIDs() == ["1", "3", "4", "2"])
    }

    @Test("connections with different filters are different records")
    func filters() throws {
        let store = try TodoFixtures.store(["1", "2"])
        try store.write(data: TodoFixtures.completed(["7"]), for: CompletedTodosQuery())
        #expect(try store.listIDs() == ["1", "2"])
        #expect(try store.completedIDs() == ["7"])
        #expect(try store.read(CompletedTodosQuery()).result.get().user?.todos?.__id == TodoFixtures.completedConnection.rawValue)
    }
}

/// `todos(before: $before, last: 2)` under the list's `@connection`: a backward page, which
/// the generated TodoList (forward only) cannot write. Its selections are TodoList's with the
/// paging arguments swapped.
struct BeforePageQuery: GraphQLQuery {
    static let operationName = "BeforePage"
    static let document = "query BeforePage($before: String) { user { todos(before: $before, last: 2) { edges { cursor } } } }"

    var before: String

    var variables: [InputField] {
        InputField.fields(["before": before.inputValue])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections = TodoListQuery.Data.__selections.map(pagingBackward)

        var list: TodoListQuery.Data

        init(from object: ResponseObject) throws {
            list = try TodoListQuery.Data(from: object)
        }

        var __fields: JSONObject { list.__fields }

        private static func pagingBackward(_ selection: Selection) -> Selection {
            guard case .field(var field) = selection else { return selection }
            if field.name == "todos" {
                field.arguments = [.init("before", .variable("before")), .init("last", .literal(2))]
            }
            field.type = pagingBackward(field.type)
            return .field(field)
        }

        private static func pagingBackward(_ type: Selection.FieldType) -> Selection.FieldType {
            switch type {
            case .scalar: type
            case .object(let name, let selections): .object(name, selections.map(pagingBackward))
            case .list(let inner): .list(pagingBackward(inner))
            case .nonNull(let inner): .nonNull(pagingBackward(inner))
            }
        }
    }
}
