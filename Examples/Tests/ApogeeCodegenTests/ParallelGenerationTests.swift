@testable import ApogeeCodegen
import Foundation
import Testing

/// Generation spreads GraphQLSwift's validation (run when Apogee's own check finds a document
/// invalid) and emission over the machine's cores.
/// However many parts the work is split into, the output is the same bytes and the errors
/// are the same, each reported once.
@Suite("Generation spread over cores")
struct ParallelGenerationTests {
    static let schema = Result { try TestFiles.schema(TestFiles.shared.appendingPathComponent("schemas/todo.graphqls"), name: "todo.graphqls") }

    /// Fifty operation files and one of shared fragments, which spread one another: enough
    /// operations for three parts of validation and of emission.
    static func files(breaking broken: Bool = false) -> [OperationFile] {
        var fragments = """
            fragment TodoFields on Todo { id text ...TodoDone }
            fragment TodoDone on Todo { complete\(broken ? " nope" : "") }
            fragment UserCounts0 on User { totalCount }
            fragment UserCounts1 on User { completedCount }
            fragment UserCounts2 on User { userId }
            fragment Unused on User { id ...UserCounts0 }

            """
        if broken { fragments += "fragment UnusedAndBroken on User { missing }\n" }
        var files = [OperationFile(path: "Operations/AAFragments.graphql", text: fragments)]
        for index in 0..<50 {
            var variables = "$first: Int"
            var todoArguments = "first: $first"
            if broken && index == 5 { variables += ", $unused: Int" }
            if broken && index == 45 { todoArguments += ", last: $missing" }
            let text = """
                query Todos\(index)(\(variables)) {
                  user { id ...UserCounts\(index % 3) todos(\(todoArguments)) { edges { cursor node { ...TodoFields } } } }
                }
                """
            files.append(OperationFile(path: "Operations/Todos\(index).graphql", text: text))
        }
        return files
    }

    static func generate(_ files: [OperationFile], parts: Int) throws -> [GeneratedFile] {
        let schema = try Self.schema.get()
        return try Concurrently.$maximumParts.withValue(parts) {
            try CodeGenerator(schema: schema).generate(files: files)
        }
    }

    static func diagnostics(_ files: [OperationFile], parts: Int) throws -> [Diagnostic] {
        do {
            _ = try generate(files, parts: parts)
            return []
        } catch let error as CodegenError {
            return error.diagnostics
        }
    }

    @Test func theOutputIsTheSameBytesInAnyNumberOfParts() throws {
        let files = Self.files()
        let whole = try Self.generate(files, parts: 1)
        #expect(whole.count == files.count + 1)
        for parts in [2, 3, 8] {
            #expect(try Self.generate(files, parts: parts) == whole, "split into \(parts) parts")
        }
    }

    @Test func theErrorsAreTheSameInAnyNumberOfPartsAndEachIsReportedOnce() throws {
        let files = Self.files(breaking: true)
        let whole = try Self.diagnostics(files, parts: 1)
        let messages = whole.map(\.message)
        // A fragment that operations in every part spread, a fragment no operation spreads,
        // and one operation in the first part and one in the last.
        #expect(messages.filter { $0.contains("\"nope\"") }.count == 1)
        #expect(messages.filter { $0.contains("\"missing\"") }.count == 1)
        #expect(messages.contains { $0.contains("$unused") && $0.contains("Todos5") })
        #expect(messages.contains { $0.contains("$missing") && $0.contains("Todos45") })
        #expect(whole.count == 4, "\(whole)")
        for parts in [2, 3, 8] {
            #expect(try Self.diagnostics(files, parts: parts) == whole, "split into \(parts) parts")
        }
    }

    @Test func eachErrorIsPlacedInItsOwnFile() throws {
        let diagnostics = try Self.diagnostics(Self.files(breaking: true), parts: 3)
        let nope = try #require(diagnostics.first { $0.message.contains("\"nope\"") })
        #expect(nope.file == "Operations/AAFragments.graphql")
        #expect(nope.line == 2)
        let missing = try #require(diagnostics.first { $0.message.contains("$missing") })
        #expect(missing.file == "Operations/Todos45.graphql")
    }
}
