@testable import ApogeeCodegen
import Foundation
import Testing

/// `@paginated` in a schema extension: checked against the field it names and the type that
/// field returns, and turned into a client directive on every selection of the field, in the
/// selection metadata the store reads and never in the document sent.
@Suite("The @paginated schema directive")
struct PaginationDirectiveTests {
    static let schema = """
        type Query {
          user: User
          owner: Owner
          launches(pageSize: Int, after: String): LaunchConnection!
          items(offset: Int, limit: Int): [Item]
          itemPage(offset: Int, limit: Int): ItemPage
          count(offset: Int): Int
        }
        interface Owner { todos(first: Int, after: String): TodoConnection! }
        type User implements Owner {
          id: ID!
          todos(first: Int, after: String): TodoConnection!
          tags(first: Int): TodoConnection!
          bad(first: Int, after: String): BadConnection!
        }
        type TodoConnection { edges: [TodoEdge!]! pageInfo: PageInfo! }
        type TodoEdge { node: Todo! cursor: String! }
        type BadConnection { edges: [Todo!]! pageInfo: PageInfo! }
        type PageInfo { endCursor: String hasNextPage: Boolean! }
        type Todo { id: ID! text: String! }
        type LaunchConnection { cursor: String! hasMore: Boolean! launches: [Launch]! }
        type Launch { id: ID! site: String }
        type Item { id: ID! }
        type ItemPage { items: [Item!]! total: Int! hasMore: Boolean }
        union Thing = Launch | Item
        """

    static let todosQuery = "query Todos { user { todos(first: 10) { edges { cursor node { id } } } } }"
    static let launchesQuery = "query Launches($after: String) { launches(pageSize: 20, after: $after) { cursor hasMore launches { id } } }"
    static let itemsQuery = "query Items { items(offset: 0, limit: 10) { id } itemPage(offset: 0) { items { id } total } }"

    func schema(_ extensionText: String) throws(CodegenError) -> CodegenSchema {
        try CodegenSchema(
            sdl: Self.schema, fileName: "schema.graphqls",
            extensions: [SchemaSource(text: extensionText, fileName: "pagination.graphqls")])
    }

    /// The Swift generated for one operation file under the extension.
    func generated(_ extensionText: String, operation: String) throws -> String {
        let files = try CodeGenerator(schema: schema(extensionText)).generate(files: [OperationFile(path: "Op.graphql", text: operation)])
        return try #require(files.first { $0.name == "Op.graphql.swift" }).contents
    }

    /// The document a generated operation sends: the lines of its `document` literal.
    func sentDocument(_ swift: String) -> String {
        let lines = swift.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains("public static let document = \"\"\"") }) else { return "" }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "\"\"\"" } ?? rest.endIndex
        return rest[..<end].joined(separator: "\n")
    }

    func errors(_ extensionText: String) -> [String] {
        do {
            _ = try schema(extensionText)
            Issue.record("expected errors in the extension")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    // MARK: Generated directives

    @Test("a Relay connection gets @connection keyed by type and field, in the metadata only")
    func relayConnection() throws {
        let swift = try generated(#"extend type User @paginated(field: "todos")"#, operation: Self.todosQuery)
        #expect(swift.contains(#"directives: [.init("connection", arguments: [.init("key", .literal("User_todos"))])]"#))
        let document = sentDocument(swift)
        #expect(document.contains("todos(first: 10)"))
        #expect(!document.contains("@connection"))
        #expect(!document.contains("@paginated"))
    }

    @Test("a @connection written on the selection is kept instead of the declared one")
    func writtenConnectionIsKept() throws {
        let swift = try generated(
            #"extend type User @paginated(field: "todos")"#,
            operation: #"query Todos { user { todos(first: 10) @connection(key: "Mine") { edges { cursor } } } }"#)
        #expect(swift.contains(#"directives: [.init("connection", arguments: [.init("key", .literal("Mine"))])]"#))
        #expect(!swift.contains("User_todos"))
        #expect(!sentDocument(swift).contains("@connection"))
    }

    @Test("an interface's declaration reaches selections on its implementations and fragments; the object's own wins")
    func interfaceDeclaration() throws {
        let operation = """
            query Todos { owner { todos(first: 1) { edges { cursor } } } user { ...UserTodos } }
            fragment UserTodos on User { todos(first: 2) { edges { cursor } } }
            """
        let inherited = try generated(#"extend interface Owner @paginated(field: "todos")"#, operation: operation)
        #expect(inherited.components(separatedBy: #".literal("Owner_todos")"#).count == 3)
        let own = try generated("""
            extend interface Owner @paginated(field: "todos")
            extend type User @paginated(field: "todos")
            """, operation: operation)
        #expect(own.contains(#".literal("Owner_todos")"#))
        #expect(own.contains(#".literal("User_todos")"#))
    }

    @Test("a cursor list gets @paginated with the arguments given, in a fixed order, in the metadata only")
    func cursorList() throws {
        let swift = try generated(
            #"extend type Query @paginated(hasMoreField: "hasMore", field: "launches", itemsField: "launches", nextCursorField: "cursor", sizeArgument: "pageSize", cursorArgument: "after")"#,
            operation: Self.launchesQuery)
        #expect(swift.contains(
            #"directives: [.init("paginated", arguments: [.init("cursorArgument", .literal("after")), .init("sizeArgument", .literal("pageSize")), .init("itemsField", .literal("launches")), .init("nextCursorField", .literal("cursor")), .init("hasMoreField", .literal("hasMore"))])]"#))
        let document = sentDocument(swift)
        #expect(document.contains("launches(pageSize: 20, after: $after)"))
        #expect(!document.contains("@paginated"))
        #expect(!document.contains("@connection"))
    }

    @Test("an offset list, of a list or of a page object, gets @paginated with only the arguments given")
    func offsetList() throws {
        let swift = try generated("""
            extend type Query @paginated(field: "items", offsetArgument: "offset", sizeArgument: "limit")
            extend type Query @paginated(field: "itemPage", offsetArgument: "offset", itemsField: "items", hasMoreField: "hasMore")
            """, operation: Self.itemsQuery)
        #expect(swift.contains(
            #"directives: [.init("paginated", arguments: [.init("offsetArgument", .literal("offset")), .init("sizeArgument", .literal("limit"))])]"#))
        #expect(swift.contains(
            #"directives: [.init("paginated", arguments: [.init("offsetArgument", .literal("offset")), .init("itemsField", .literal("items")), .init("hasMoreField", .literal("hasMore"))])]"#))
        #expect(!sentDocument(swift).contains("@"))
    }

    @Test("fields without a declaration get no directive")
    func undeclaredFields() throws {
        let swift = try generated(#"extend type Query @paginated(field: "items", offsetArgument: "offset")"#, operation: Self.launchesQuery)
        #expect(!swift.contains("directives:"))
    }

    @Test("@paginated written in an operation is an error, as a directive in the wrong place")
    func writtenInAnOperation() throws {
        let generator = try CodeGenerator(schema: schema(#"extend type Query @paginated(field: "items", offsetArgument: "offset")"#))
        #expect(generator.diagnostics([OperationFile(path: "Op.graphql", text: #"query Q { items(offset: 0) @paginated(field: "items") { id } }"#)]) == [
            #"Op.graphql:1:28: error: Directive "@paginated" may not be used on FIELD."#,
        ])
    }

    // MARK: Errors

    @Test("declarations that cannot work are errors at the directive", arguments: [
        (#"extend type Query @paginated(field: "lanches", cursorArgument: "after", itemsField: "launches")"#,
         #"pagination.graphqls:1:19: error: @paginated(field:) names "lanches", which Query does not have."#),
        (#"extend union Thing @paginated(field: "id")"#,
         #"pagination.graphqls:1:20: error: @paginated applies to object types and interfaces, not to Thing."#),
        (#"extend type Query @paginated(field: "items", cursorArgument: "offset", offsetArgument: "offset")"#,
         #"pagination.graphqls:1:19: error: @paginated on Query.items gives both cursorArgument and offsetArgument: a list is paged by a cursor or by an offset, not both."#),
        (#"extend type Query @paginated(field: "launches", cursorArgument: "afterr", itemsField: "launches")"#,
         #"pagination.graphqls:1:19: error: @paginated(cursorArgument:) names "afterr", which is not an argument of Query.launches."#),
        (#"extend type Query @paginated(field: "items", offsetArgument: "skip")"#,
         #"pagination.graphqls:1:19: error: @paginated(offsetArgument:) names "skip", which is not an argument of Query.items."#),
        (#"extend type Query @paginated(field: "items", offsetArgument: "offset", sizeArgument: "size")"#,
         #"pagination.graphqls:1:19: error: @paginated(sizeArgument:) names "size", which is not an argument of Query.items."#),
        (#"extend type Query @paginated(field: "launches", cursorArgument: "after")"#,
         #"pagination.graphqls:1:19: error: @paginated on Query.launches needs itemsField: the list field of LaunchConnection that holds a page's items."#),
        (#"extend type Query @paginated(field: "launches", cursorArgument: "after", itemsField: "rockets")"#,
         #"pagination.graphqls:1:19: error: @paginated(itemsField:) names "rockets", which LaunchConnection, the type Query.launches returns, does not have."#),
        (#"extend type Query @paginated(field: "launches", cursorArgument: "after", itemsField: "cursor")"#,
         #"pagination.graphqls:1:19: error: @paginated(itemsField:) on Query.launches names LaunchConnection.cursor, which is not a list."#),
        (#"extend type Query @paginated(field: "launches", cursorArgument: "after", itemsField: "launches", nextCursorField: "next")"#,
         #"pagination.graphqls:1:19: error: @paginated(nextCursorField:) names "next", which LaunchConnection, the type Query.launches returns, does not have."#),
        (#"extend type Query @paginated(field: "launches", cursorArgument: "after", itemsField: "launches", nextCursorField: "launches")"#,
         #"pagination.graphqls:1:19: error: @paginated(nextCursorField:) on Query.launches names LaunchConnection.launches, which is not a scalar."#),
        (#"extend type Query @paginated(field: "launches", cursorArgument: "after", itemsField: "launches", hasMoreField: "more")"#,
         #"pagination.graphqls:1:19: error: @paginated(hasMoreField:) names "more", which LaunchConnection, the type Query.launches returns, does not have."#),
        (#"extend type Query @paginated(field: "launches", cursorArgument: "after", itemsField: "launches", hasMoreField: "cursor")"#,
         #"pagination.graphqls:1:19: error: @paginated(hasMoreField:) on Query.launches names LaunchConnection.cursor, which is not a Boolean."#),
        (#"extend type Query @paginated(field: "items", cursorArgument: "offset")"#,
         #"pagination.graphqls:1:19: error: @paginated on Query.items: a cursor list needs a field that returns an object type, and [Item] is not one."#),
        (#"extend type Query @paginated(field: "count", offsetArgument: "offset")"#,
         #"pagination.graphqls:1:19: error: @paginated on Query.count: an offset list needs a field that returns a list, or an object type with a list field named by itemsField, and Int is neither."#),
        (#"extend type Query @paginated(field: "items", offsetArgument: "offset", itemsField: "items")"#,
         #"pagination.graphqls:1:19: error: @paginated(itemsField:) names a field of the type Query.items returns, and it returns a list, [Item]."#),
        (#"extend type Query @paginated(field: "itemPage", offsetArgument: "offset")"#,
         #"pagination.graphqls:1:19: error: @paginated on Query.itemPage needs itemsField: the list field of ItemPage that holds a page's items."#),
        (#"extend type Query @paginated(field: "itemPage", offsetArgument: "offset", itemsField: "items", nextCursorField: "total")"#,
         #"pagination.graphqls:1:19: error: @paginated on Query.itemPage gives nextCursorField to an offset list, which has no cursor: leave it out."#),
        (#"extend type Query @paginated(field: "itemPage", offsetArgument: "offset", itemsField: "items", hasMoreField: "total")"#,
         #"pagination.graphqls:1:19: error: @paginated(hasMoreField:) on Query.itemPage names ItemPage.total, which is not a Boolean."#),
        (#"extend type Query @paginated(field: "launches")"#,
         #"pagination.graphqls:1:19: error: @paginated on Query.launches names no cursorArgument or offsetArgument, so it declares a Relay connection, and LaunchConnection! is not an object type with edges and pageInfo fields."#),
        (#"extend type User @paginated(field: "bad")"#,
         #"pagination.graphqls:1:18: error: @paginated on User.bad names no cursorArgument or offsetArgument, so it declares a Relay connection, and BadConnection.edges is not a list of an object type with node and cursor fields."#),
        (#"extend type User @paginated(field: "tags")"#,
         #"pagination.graphqls:1:18: error: @paginated on User.tags names no cursorArgument or offsetArgument, so it declares a Relay connection, and User.tags takes neither first and after nor last and before arguments."#),
        (#"extend type User @paginated(field: "todos", sizeArgument: "first")"#,
         #"pagination.graphqls:1:18: error: @paginated on User.todos gives sizeArgument without cursorArgument or offsetArgument: give only field for a Relay connection, or name the cursor or offset argument of a list."#),
        ("extend type Query @paginated(field: \"items\", offsetArgument: \"offset\")\nextend type Query @paginated(field: \"items\", sizeArgument: \"limit\", offsetArgument: \"offset\")",
         #"pagination.graphqls:2:19: error: Query has two @paginated directives for the field "items"."#),
        (#"extend type Query @paginated(cursorArgument: "after")"#,
         #"pagination.graphqls:1:19: error: @paginated on Query names no field: give field the name of the field whose pages merge into one list."#),
        (#"extend type Query @paginated(field: "items", offsetArg: "offset")"#,
         #"pagination.graphqls:1:19: error: @paginated on Query has no argument "offsetArg": it takes field, cursorArgument, offsetArgument, sizeArgument, itemsField, nextCursorField and hasMoreField."#),
        (#"extend type Query @paginated(field: "items", offsetArgument: 3)"#,
         #"pagination.graphqls:1:19: error: @paginated(offsetArgument:) on Query takes a string, a name."#),
    ])
    func badDeclarations(extensionText: String, expected: String) {
        #expect(errors(extensionText) == [expected])
    }
}
