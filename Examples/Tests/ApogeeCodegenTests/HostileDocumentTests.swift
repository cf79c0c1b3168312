@testable import ApogeeCodegen
import Foundation
import TestSupport
import Testing

/// Operation files (and schemas) that crashed the generator or kept it busy for minutes: each
/// is now a compiler-style error, found before GraphQLSwift parses or validates the file.
@Suite("Hostile operation documents and schemas", .timeLimit(.minutes(10)))
struct HostileDocumentTests {
    let generator: CodeGenerator

    init() throws {
        generator = try TestFiles.rocketReserverGenerator()
    }

    private func diagnostics(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        generator.diagnostics([OperationFile(path: "Hostile.graphql", text: text)], sourceLocation: sourceLocation)
    }

    static let bookTrip = """
        mutation BookTrip($id: ID!) {
          bookTrips(launchIds: [$id]) { success }
        }

        """

    @Test("the same operation twice names both places, and validation never sees the pair")
    func duplicatedOperation() {
        #expect(diagnostics(Self.bookTrip + Self.bookTrip) == [
            #"Hostile.graphql:4:10: error: There can be only one operation named "BookTrip"; it is also defined at Hostile.graphql:1:10."#,
        ])
    }

    @Test("two identical anonymous queries, the eight bytes {i} {i}, are two errors, not a trap")
    func identicalAnonymousQueries() {
        let errors = diagnostics("{i} {i}")
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.contains("Apogee needs a name for every operation") })
    }

    @Test("the same fragment twice names both places")
    func duplicatedFragment() {
        let fragment = "fragment Site on Launch { site }\n"
        #expect(diagnostics("query Q { launch(id: \"1\") { ...Site } }\n" + fragment + fragment) == [
            #"Hostile.graphql:3:10: error: There can be only one fragment named "Site"; it is also defined at Hostile.graphql:2:10."#,
        ])
    }

    @Test("30 levels of nested object literals stop at the value limit")
    func nestedObjectLiterals() {
        let literal = String(repeating: "{a:", count: 30) + "1" + String(repeating: "}", count: 30)
        let errors = diagnostics("query Q { launch(id: \(literal)) { id } }")
        #expect(errors == [
            "Hostile.graphql:1:\(21 + 3 * DocumentLimits.maximumValueDepth + 1): error: Values and list types nest more than 16 levels deep here; Apogee reads at most 16.",
        ])
    }

    @Test("60 levels of list literals stop at the value limit")
    func nestedListLiterals() {
        let literal = String(repeating: "[", count: 60) + "1" + String(repeating: "]", count: 60)
        let errors = diagnostics("query Q { launches(pageSize: \(literal)) { cursor } }")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("Values and list types nest more than 16 levels deep") == true)
    }

    @Test("1,000 nested selection sets stop at the selection limit, at the brace that goes too deep")
    func nestedSelectionSets() {
        let text = "query Q " + String(repeating: "{ me ", count: 1_000) + String(repeating: "}", count: 1_000)
        let errors = diagnostics(text)
        #expect(errors == [
            "Hostile.graphql:1:\(9 + 5 * DocumentLimits.maximumSelectionDepth): error: Selection sets nest more than 64 levels deep here; Apogee reads at most 64.",
        ])
    }

    @Test("deep inline fragments count as selection sets")
    func nestedInlineFragments() {
        let text = "query Q { launch(id: \"1\") " + String(repeating: "{ ... on Launch ", count: 200) + String(repeating: "}", count: 201)
        #expect(diagnostics(text).first?.contains("Selection sets nest more than 64 levels deep") == true)
    }

    @Test("a deep list type in a variable definition counts as a value")
    func deepListType() {
        let type = String(repeating: "[", count: 40) + "ID" + String(repeating: "]", count: 40)
        #expect(diagnostics("query Q($ids: \(type)) { launch(id: \"1\") { id } }").first?.contains("Values and list types nest") == true)
    }

    @Test("a chain of 100 fragments, each spreading the next, stops at the chain limit")
    func fragmentChain() {
        var text = "query Q { launch(id: \"1\") { ...F0 } }\n"
        for index in 0..<100 {
            text += index == 99 ? "fragment F\(index) on Launch { id }\n" : "fragment F\(index) on Launch { ...F\(index + 1) }\n"
        }
        let errors = diagnostics(text)
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.contains("starts a chain of") && $0.contains("Apogee follows at most 64") })
        #expect(errors.first?.hasPrefix("Hostile.graphql:2:10: error: Fragment \"F0\" starts a chain of 100 fragments") == true)
    }

    @Test("braces and brackets in strings and comments do not count")
    func stringsAndCommentsDoNotCount() throws {
        let deep = String(repeating: "{[", count: 100)
        let text = """
            # \(deep)
            query Q {
              launch(id: "\(deep)") { id }
              launches(pageSize: 3, after: \"\"\"\(deep)\"\"\") { cursor }
            }
            """
        let files = try generator.generate(files: [OperationFile(path: "Fine.graphql", text: text)])
        #expect(files.contains { $0.name == "Fine.graphql.swift" })
    }

    @Test("a schema whose list types or default values nest too deep is an error at the place, not a stack overflow", arguments: [
        "type Query { a: " + String(repeating: "[", count: 5_000) + "Int" + String(repeating: "]", count: 5_000) + " }",
        "input I { a: Int }\ntype Query { a(i: I = " + String(repeating: "{a: ", count: 200) + "1" + String(repeating: "}", count: 200) + "): Int }",
    ])
    func deepSchema(sdl: String) {
        #expect {
            _ = try CodegenSchema(sdl: sdl, fileName: "schema.graphqls")
        } throws: { error in
            let description = "\(error)"
            return description.hasPrefix("schema.graphqls:") && description.contains("nest more than \(DocumentLimits.maximumValueDepth) levels")
        }
    }

    @Test("a schema extension is held to the same nesting limit")
    func deepSchemaExtension() {
        let deep = "extend type Query { b: " + String(repeating: "[", count: 100) + "Int" + String(repeating: "]", count: 100) + " }"
        #expect {
            _ = try CodegenSchema(sdl: "type Query { a: Int }", fileName: "schema.graphqls", extensions: [SchemaSource(text: deep, fileName: "local.graphqls")])
        } throws: { error in
            "\(error)".hasPrefix("local.graphqls:1:")
        }
    }

    @Test("a schema pasted into an operation file is an error at each type definition, not a trap in validation (found by FuzzOperations)")
    func schemaInAnOperationFile() {
        let errors = diagnostics("schema {\n  query: Query\n}\ntype Extra { a: Int }\nquery Q { me { id } }\n")
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first?.hasPrefix("Hostile.graphql:1:1: error: An operation file holds operations and fragments only") == true, "\(errors)")
        #expect(errors.last?.hasPrefix("Hostile.graphql:4:1: error:") == true, "\(errors)")
    }

    @Test("a file that ends inside a \\u escape is an error, not a read past the end in GraphQLSwift's lexer (found by FuzzSchema)", arguments: [
        "query Q { launch(id: \"\\u", "query Q { launch(id: \"\\u12", "query Q { launch(id: \"\\u12\"",
    ])
    func unfinishedUnicodeEscape(text: String) {
        let errors = diagnostics(text)
        #expect(errors == ["Hostile.graphql:1:23: error: The file ends inside a \\u escape, which needs four hexadecimal digits."])
        #expect {
            _ = try CodegenSchema(sdl: "type Query {\n  \"A description \\u1", fileName: "schema.graphqls")
        } throws: { error in
            "\(error)" == "schema.graphqls:2:18: error: The file ends inside a \\u escape, which needs four hexadecimal digits."
        }
    }

    @Test("a \\u escape with its four digits, or with more text after it, is left to the parser")
    func finishedUnicodeEscape() {
        #expect(throws: Never.self) {
            try generator.generate(files: [OperationFile(path: "Fine.graphql", text: "query Q { launch(id: \"\\u00e9\") { id } }")])
        }
        let unfinished = diagnostics("query Q { launch(id: \"\\u1\") { id } }")
        #expect(unfinished.count == 1 && unfinished[0].contains("error:") && !unfinished[0].contains("The file ends"), "\(unfinished)")
    }

    @Test("a file over the size limit is refused before it is read further")
    func oversizedFile() {
        let text = "query Q { launch(id: \"1\") { id } }\n" + String(repeating: "# padding\n", count: DocumentLimits.maximumFileSize / 10 + 1)
        let errors = diagnostics(text)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("Hostile.graphql: error: The file has ") == true)
    }

    @Test("apogee generate exits 1 with the error, quickly, on each hostile file", arguments: [
        HostileDocumentTests.bookTrip + HostileDocumentTests.bookTrip,
        "query Q { launch(id: " + String(repeating: "{a:", count: 30) + "1" + String(repeating: "}", count: 30) + ") { id } }",
        "query Q { launches(pageSize: " + String(repeating: "[", count: 60) + "1" + String(repeating: "]", count: 60) + ") { cursor } }",
        "query Q " + String(repeating: "{ me ", count: 1_000) + String(repeating: "}", count: 1_000),
        "query Q { launches(pageSize: 10) { cursor } ...More }\nfragment More on Query { launches(pageSize: 11) { cursor } }",
    ])
    func commandLine(text: String) throws {
        let folder = try TemporaryFolder()
        let operation = folder.url.appendingPathComponent("Hostile.graphql")
        try Data(text.utf8).write(to: operation)
        let run = try CommandLineTests.run([
            "generate", "--schema", TestFiles.rocketReserverSchema.path,
            "--operations", operation.path, "--output", folder.url.appendingPathComponent("out").path,
        ])
        #expect(run.status == 1)
        #expect(run.standardError.contains("\(operation.path):"))
        #expect(run.standardError.contains(": error: "))
    }
}
