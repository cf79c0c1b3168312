@testable import ApogeeCodegen
import Foundation
import TestSupport
import Testing

/// The same input gives the same bytes, whatever the order the files come in, and each output
/// file's name is known from its input's name.
@Suite("Determinism and file layout")
struct DeterminismTests {
    static func generate(_ files: [OperationFile]) throws -> [GeneratedFile] {
        let schema = try TestFiles.schema(TestFiles.shared.appendingPathComponent("schemas/todo.graphqls"), name: "todo.graphqls")
        return try CodeGenerator(schema: schema).generate(files: files)
    }

    @Test func sameInputSameBytes() throws {
        let files = try TestFiles.operationFiles(in: "Examples/Tests/CodegenFixtures/Todo")
        let first = try Self.generate(files)
        let second = try Self.generate(files)
        #expect(first == second)
        let reversed = try Self.generate(files.reversed())
        #expect(Set(first) == Set(reversed))
    }

    @Test func outputNamesComeFromInputNames() throws {
        let files = try TestFiles.operationFiles(in: "Examples/Tests/CodegenFixtures/Todo")
        let generated = try Self.generate(files)
        #expect(generated.map(\.name) == files.map { GeneratedFile.outputName(forOperationFile: $0.path) } + ["SchemaTypes.graphql.swift"])
        #expect(GeneratedFile.outputName(forOperationFile: "/a/b/BookTrip.graphql") == "BookTrip.graphql.swift")
    }

    @Test func onlyReachedSchemaTypesAreGenerated() throws {
        let files = try TestFiles.operationFiles(in: "Examples/Tests/CodegenFixtures/Todo").filter { $0.baseName == "ChangeTodoStatus" }
        let schemaTypes = try #require(try Self.generate(files).last)
        #expect(schemaTypes.contents.contains("public nonisolated struct ChangeTodoStatusInput: InputObject"))
        #expect(!schemaTypes.contents.contains("AddTodoInput"))
    }

    @Test func documentsHoldOnlyTheFragmentsTheyUse() throws {
        let generated = try Self.generate(TestFiles.operationFiles(in: "Examples/Tests/CodegenFixtures/Todo"))
        let todoList = try #require(generated.first { $0.name == "TodoList.graphql.swift" })
        let removeTodo = try #require(todoList.contents.range(of: "public nonisolated struct RemoveTodoMutation"))
        let removeDocument = todoList.contents[removeTodo.lowerBound...].prefix(600)
        #expect(!removeDocument.contains("fragment TodoItem"))
        #expect(todoList.contents.contains("fragment TodoItem on Todo { __typename id text complete }"))
    }

    @Test func operationPathsExpandFoldersAndPatterns() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.url
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        for name in ["b.graphql", "a.graphql", "nested/c.graphql", "notes.txt"] {
            try Data("query X { me { id } }".utf8).write(to: folder.appendingPathComponent(name))
        }
        let base = folder.path
        #expect(try OperationPaths.expand([base]) == [base + "/a.graphql", base + "/b.graphql", base + "/nested/c.graphql"])
        #expect(try OperationPaths.expand([base + "/*.graphql"]) == [base + "/a.graphql", base + "/b.graphql"])
        #expect(try OperationPaths.expand([base + "/**/*.graphql"]).contains(base + "/nested/c.graphql"))
        #expect(throws: CodegenError.self) { try OperationPaths.expand([base + "/missing.graphql"]) }
        #expect(throws: CodegenError.self) { try OperationPaths.expand([base + "/*.gql"]) }
    }
}
