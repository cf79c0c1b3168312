@testable import ApogeeCodegen
import Foundation
import TestSupport
import Testing

/// Test data builders: what is generated for objects, interfaces, unions, lists, enums and
/// custom scalars, what is not (input objects, types no operation reaches), and that the
/// builders are generated only when asked for.
@Suite("Test data builder codegen")
struct TestDataBuilderCodegenTests {
    static let schema = """
        scalar DateTime
        enum Genre { FICTION POETRY }
        interface Node { id: ID! }
        union SearchResult = Book | Author
        type Query { search(text: String!): [SearchResult!]!  node(id: ID!): Node  shelf(filter: ShelfFilter): Shelf }
        type Shelf { name: String  books: [Book]  tags: [[String!]]! }
        type Book implements Node { id: ID!  title: String!  genre: Genre  published: DateTime  author: Author }
        type Author implements Node { id: ID!  name: String! }
        type Publisher implements Node { id: ID!  founded: DateTime }
        type Unreached { field: String }
        input ShelfFilter { genre: Genre }
        """

    static let operations = """
        query Search($text: String!) {
          search(text: $text) { ... on Book { title genre published } ... on Author { name } }
        }
        query Shelf($filter: ShelfFilter) { shelf(filter: $filter) { name books { ...BookRow } tags } }
        query NodeById($id: ID!) { node(id: $id) { id } }
        fragment BookRow on Book { id title author { name } }
        """

    func builders(scalarTypes: [String: String] = [:]) throws -> String {
        let loaded = try CodegenSchema(sdl: Self.schema, fileName: "schema.graphqls")
        let generator = CodeGenerator(schema: loaded, configuration: CodegenConfiguration(scalarTypes: scalarTypes))
        let file = try generator.generateTestDataBuilders(files: [OperationFile(path: "Library.graphql", text: Self.operations)], apiModule: "LibraryAPI")
        #expect(file.name == "TestDataBuilders.graphql.swift")
        return file.contents
    }

    @Test("An object builder has a typed property per selected field, lists keeping their element nullability")
    func objects() throws {
        let text = try builders()
        #expect(text.contains("import ApogeeTesting\nimport LibraryAPI\n"))
        #expect(text.contains("public nonisolated struct ShelfBuilder: ObjectBuilder {"))
        #expect(text.contains(#"public static let __typename = "Shelf""#))
        #expect(text.contains("public var books: [BookBuilder?]? {"))
        #expect(text.contains("public var tags: [[String]?]? {"))
        #expect(text.contains("public var name: String? {"))
        #expect(text.contains(#"set { __fields.setScalar(newValue, for: "name", nullable: true) }"#))
        #expect(text.contains(#"set { __fields.setScalar(newValue, for: "tags", nullable: false) }"#))
        #expect(text.contains(#"set { __fields.setObject(newValue, for: "books", nullable: true) }"#))
        // Nullable fields take a double optional, so that an optional value passes its `nil` on as null.
        #expect(text.contains("public init(books: [BookBuilder?]?? = nil, name: String?? = nil, tags: [[String]?]? = nil) {"))
        // Fields only a fragment selects are covered too, and a fragment's nested objects.
        #expect(text.contains("public var author: AuthorBuilder? {"))
        #expect(text.contains("public var title: String? {"))
    }

    @Test("An interface or union is an enum with a case per possible type, and its default is the first by name")
    func abstractTypes() throws {
        let text = try builders()
        #expect(text.contains("public nonisolated enum SearchResultBuilder: BuiltValueConvertible {"))
        #expect(text.contains("case author(AuthorBuilder)"))
        #expect(text.contains("case book(BookBuilder)"))
        #expect(text.contains("public var search: [SearchResultBuilder]? {"))
        #expect(text.contains("public nonisolated enum NodeBuilder: BuiltValueConvertible {"))
        #expect(text.contains("case publisher(PublisherBuilder)"))
        // A field selected on an interface belongs to every implementation.
        #expect(text.contains("public nonisolated struct PublisherBuilder: ObjectBuilder {"))
        #expect(text.contains(#"abstractTypeDefaults: ["Node": "Author", "SearchResult": "Author"]"#))
    }

    @Test("Enums default to their first value; custom scalars use the API module's types")
    func scalars() throws {
        let text = try builders()
        #expect(text.contains(#"enumDefaults: ["Genre": "FICTION"]"#))
        #expect(text.contains("public var genre: Genre? {"))
        #expect(text.contains("public var published: DateTime? {"))
        #expect(!text.contains("scalarDefaults"))
        // A custom scalar mapped to a number defaults to a number, so the built data decodes.
        #expect(try builders(scalarTypes: ["DateTime": "Double"]).contains(#"scalarDefaults: ["DateTime": .double(0)]"#))
        let mapped = try builders(scalarTypes: ["ID": "Foundation.UUID"])
        #expect(mapped.contains("import Foundation\n"))
        #expect(mapped.contains("public var id: Foundation.UUID? {"))
    }

    @Test("No builder for input objects or types no operation reaches")
    func leftOut() throws {
        let text = try builders()
        #expect(!text.contains("ShelfFilter"))
        #expect(!text.contains("Unreached"))
    }

    @Test("Ordinary generation writes no builders")
    func notInTheAPIModule() throws {
        let loaded = try CodegenSchema(sdl: Self.schema, fileName: "schema.graphqls")
        let files = try CodeGenerator(schema: loaded).generate(files: [OperationFile(path: "Library.graphql", text: Self.operations)])
        #expect(!files.map(\.name).contains("TestDataBuilders.graphql.swift"))
        #expect(!files.contains { $0.contents.contains("ObjectBuilder") || $0.contents.contains("import ApogeeTesting") })
    }

    @Test("An invalid operation is reported at its place, as ordinary generation reports it")
    func invalidOperation() throws {
        let loaded = try CodegenSchema(sdl: Self.schema, fileName: "schema.graphqls")
        do {
            _ = try CodeGenerator(schema: loaded).generateTestDataBuilders(
                files: [OperationFile(path: "Broken.graphql", text: "query Broken {\n  shelf { colour }\n}\n")], apiModule: "LibraryAPI")
            Issue.record("expected an error")
        } catch {
            let messages = error.diagnostics.map(\.description)
            #expect(messages.count == 1)
            #expect(messages.first?.hasPrefix("Broken.graphql:2:11: error: ") == true, "\(messages)")
            #expect(messages.first?.contains("colour") == true)
        }
    }

    @Test("The same input gives the same bytes")
    func deterministic() throws {
        #expect(try builders() == builders())
    }

    @Test("apogee generate --test-data-builders-for writes the builders file alone")
    func commandLine() throws {
        let temporary = try TemporaryFolder()
        let output = temporary.url.appendingPathComponent("out")
        let run = try CommandLineTests.run([
            "generate", "--schema", CommandLineTests.schemaPath,
            "--schema-extension", TestFiles.repositoryRoot.appendingPathComponent("Examples/RocketReserverAPI/local-fields.graphqls").path,
            "--operations", TestFiles.repositoryRoot.appendingPathComponent("Examples/RocketReserverAPI").path,
            "--output", output.path, "--test-data-builders-for", "RocketReserverAPI",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["TestDataBuilders.graphql.swift"])
        let text = try TestFiles.text(output.appendingPathComponent("TestDataBuilders.graphql.swift"))
        #expect(text.contains("import RocketReserverAPI\n"))
        #expect(text.contains("public nonisolated struct LaunchBuilder: ObjectBuilder {"))
        #expect(text.contains("public nonisolated struct SubscriptionBuilder: ObjectBuilder {"))

        let refused = try CommandLineTests.run([
            "generate", "--schema", CommandLineTests.schemaPath, "--operations", "x.graphql", "--output", output.path,
            "--test-data-builders-for", "Not A Module",
        ])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("is not a module name"))
    }
}
