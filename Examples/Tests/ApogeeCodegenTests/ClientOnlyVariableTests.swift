@testable import ApogeeCodegen
import Testing

/// Variables used only by client directives are kept for the store but not sent: a server
/// rejects an operation that defines a variable it never uses.
@Suite("Client-only variables")
struct ClientOnlyVariableTests {
    static func generate(_ text: String) throws -> String {
        let schema = try TestFiles.schema(TestFiles.repositoryRoot.appendingPathComponent("Examples/TodoAPI/schema.graphqls"), name: "schema.graphqls")
        let files = try CodeGenerator(schema: schema).generate(files: [OperationFile(path: "Op.graphql", text: text)])
        return try #require(files.first { $0.name == "Op.graphql.swift" }).contents
    }

    @Test func aVariableOfAListDirectiveIsLeftOutOfTheDocumentAndKeptInTheType() throws {
        let swift = try Self.generate("""
            mutation Add($input: AddTodoInput!, $connections: [ID!]!) {
              addTodo(input: $input) { todoEdge @appendEdge(connections: $connections) { cursor } }
            }
            """)
        #expect(swift.contains("mutation Add($input: AddTodoInput!) { addTodo(input: $input)"))
        #expect(swift.contains("public var connections: [String]"))
        #expect(swift.contains(#".init("appendEdge", arguments: [.init("connections", .variable("connections"))])"#))
    }

    @Test func aVariableUsedInAFragmentOrASentDirectiveIsKept() throws {
        let swift = try Self.generate("""
            query Q($first: Int, $withCounts: Boolean!) {
              user { ...Counts todos(first: $first) @connection(key: "Q_todos") { edges { cursor } } }
            }
            fragment Counts on User { totalCount @include(if: $withCounts) }
            """)
        #expect(swift.contains("query Q($first: Int, $withCounts: Boolean!) {"))
    }
}
