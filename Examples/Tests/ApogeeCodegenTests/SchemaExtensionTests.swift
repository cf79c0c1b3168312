@testable import ApogeeCodegen
import Foundation
import TestSupport
import Testing

/// Schema extension files: merged with the server's schema, with cache policy checked against
/// the types it names and reported like a compiler's errors, at the extension's own lines.
@Suite("Schema extensions and cache directives")
struct SchemaExtensionTests {
    static let schema = """
        type Query { books: [Book!]! media: [Media!]! shelf: Shelf book(isbn: String!, edition: Int!): Book item(code: String!): Media }
        type Book { isbn: String! edition: Int! title: String! }
        interface Media { code: String! }
        type Film implements Media { code: String! minutes: Int! }
        union Shelf = Book | Film
        """

    func errors(_ extensionText: String) -> [String] {
        do {
            _ = try CodegenSchema(
                sdl: Self.schema, fileName: "schema.graphqls",
                extensions: [SchemaSource(text: extensionText, fileName: "cache.graphqls")])
            Issue.record("expected errors in the extension")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func generatedSchemaTypes(_ extensionText: String) throws -> String {
        let schema = try CodegenSchema(
            sdl: Self.schema, fileName: "schema.graphqls",
            extensions: [SchemaSource(text: extensionText, fileName: "cache.graphqls")])
        let files = try CodeGenerator(schema: schema).generate(files: [
            OperationFile(path: "Shelf.graphql", text: "query Shelf { books { isbn edition } media { code } }"),
        ])
        return try #require(files.first { $0.name == "SchemaTypes.graphql.swift" }).contents
    }

    @Test("declared keys become the schema's cache policy, interface keys given to each implementation")
    func keysAreGenerated() throws {
        let text = try generatedSchemaTypes("""
            extend type Book @typePolicy(keyFields: "isbn edition")
            extend interface Media @typePolicy(keyFields: "code")
            """)
        #expect(text.contains(#""Book": ["isbn", "edition"],"#))
        #expect(text.contains(#""Film": ["code"],"#))
        #expect(!text.contains(#""Media":"#))
    }

    @Test("a schema without declared keys generates no cache policy")
    func noPolicyWithoutKeys() throws {
        #expect(try !generatedSchemaTypes("extend type Book { note: String }").contains("SchemaCachePolicy"))
    }

    @Test("a key field the type lacks is an error at the directive, in the extension file")
    func unknownKeyField() {
        #expect(errors("\n  extend type Book @typePolicy(keyFields: \"isbn volume\")") == [
            #"cache.graphqls:2:20: error: @typePolicy(keyFields:) names "volume", which Book does not have."#,
        ])
    }

    @Test("@typePolicy on a union is misapplied")
    func misappliedTypePolicy() {
        #expect(errors(#"extend union Shelf @typePolicy(keyFields: "id")"#) == [
            #"cache.graphqls:1:20: error: @typePolicy applies to object types and interfaces, not to Shelf."#,
        ])
    }

    @Test("an empty key is an error")
    func emptyKey() {
        #expect(errors(#"extend type Film @typePolicy(keyFields: " ")"#) == [
            #"cache.graphqls:1:18: error: @typePolicy on Film names no key field: give keyFields one or more field names, separated by spaces."#,
        ])
    }

    @Test("a redirect is generated with the key fields its arguments stand for")
    func redirectIsGenerated() throws {
        let text = try generatedSchemaTypes("""
            extend type Book @typePolicy(keyFields: "isbn edition")
            extend type Query @fieldPolicy(forField: "book", keyArgs: "isbn edition")
            """)
        #expect(text.contains(#""Query.book": CacheRedirect(typename: "Book", keyArguments: ["isbn", "edition"], keyFields: ["isbn", "edition"]),"#))
    }

    @Test("redirects that cannot work are errors at the directive", arguments: [
        (#"extend type Query @fieldPolicy(forField: "bok", keyArgs: "isbn")"#,
         #"cache.graphqls:1:19: error: @fieldPolicy(forField:) names "bok", which Query does not have."#),
        (#"extend type Query @fieldPolicy(forField: "book", keyArgs: "isbn volume")"#,
         #"cache.graphqls:1:19: error: @fieldPolicy(keyArgs:) names "volume", which is not an argument of Query.book."#),
        (#"extend type Query @fieldPolicy(forField: "book", keyArgs: "isbn")"#,
         #"cache.graphqls:1:19: error: @fieldPolicy(keyArgs:) gives 1 argument(s), but Book has no key (no @typePolicy and no id field)."#),
        (#"extend type Query @fieldPolicy(forField: "item", keyArgs: "code")"#,
         #"cache.graphqls:1:19: error: @fieldPolicy on Query.item: a redirect needs a field that returns an object type, and Media is not one."#),
        (#"extend interface Media @fieldPolicy(forField: "code", keyArgs: "code")"#,
         #"cache.graphqls:1:24: error: @fieldPolicy applies to object types, not to Media."#),
    ])
    func badRedirects(extensionText: String, expected: String) {
        #expect(errors(extensionText) == [expected])
    }

    @Test("an unknown directive in an extension is an error, not ignored")
    func unknownDirective() {
        #expect(errors(#"extend type Book @typePolicyy(keyFields: "isbn")"#) == [
            #"cache.graphqls:1:18: error: Unknown directive "@typePolicyy": declare it in a schema file, or check its spelling."#,
        ])
    }

    @Test("extending a type the schema lacks names the extension file")
    func extendingAnUnknownType() {
        #expect(errors(#"extend type Magazine @typePolicy(keyFields: "issn")"#) == [
            #"cache.graphqls:1:13: error: Cannot extend type "Magazine" because it is not defined."#,
        ])
    }

    @Test("apogee generate takes --schema-extension, and reports its errors as a compiler does")
    func commandLine() throws {
        let folder = try TemporaryFolder()
        let good = try CommandLineTests.generate(
            in: folder, schema: Self.schema, schemaExtension: #"extend type Book @typePolicy(keyFields: "isbn edition")"#,
            extensionName: "cache.graphqls", operation: "query Shelf { books { isbn edition } }")
        #expect(good.run.status == 0, "\(good.run.standardError)")
        let schemaTypes = try String(contentsOf: good.output.appendingPathComponent("SchemaTypes.graphql.swift"), encoding: .utf8)
        #expect(schemaTypes.contains(#""Book": ["isbn", "edition"],"#))

        let bad = try CommandLineTests.generate(
            in: folder, schema: Self.schema, schemaExtension: #"extend type Book @typePolicy(keyFields: "isbn volume")"#,
            extensionName: "bad.graphqls", operation: "query Shelf { books { isbn edition } }")
        #expect(bad.run.status == 1)
        #expect(bad.run.standardError.contains("\(bad.extensionPath):1:18: error: @typePolicy(keyFields:) names \"volume\", which Book does not have."))
    }
}
