@testable import ApogeeAPI
@testable import ApogeeCodegen
import Foundation
import TestSupport
import Testing

/// Local-only fields: a client schema extension adds them to the server's types, generated
/// code types them like any field, and the document sent leaves them out with the variables
/// only they use. Their defaults are checked, and reported like a compiler's errors.
@Suite("Local-only fields in code generation")
struct LocalFieldCodegenTests {
    static let schema = """
        type Query { book(isbn: String!): Book books: [Book!]! }
        type Book { isbn: String! title: String! author: Author }
        type Author { name: String! }
        enum Shelf { FICTION SCIENCE }
        scalar Date
        """

    static let extensionText = """
        extend type Book {
          isFavorite: Boolean! @clientDefault(value: false)
          shelfMark(format: String): String
          shelf: Shelf! @clientDefault(value: FICTION)
          labels: [String!]! @clientDefault(value: ["to read"])
        }
        extend type Author { nickname: String }
        """

    private static func loadSchema(_ extensionText: String = extensionText) throws -> CodegenSchema {
        try CodegenSchema(
            sdl: schema, fileName: "schema.graphqls", extensions: [SchemaSource(text: extensionText, fileName: "local.graphqls")])
    }

    private static func generate(_ text: String) throws -> String {
        let files = try CodeGenerator(schema: loadSchema()).generate(files: [OperationFile(path: "Op.graphql", text: text)])
        return try #require(files.first { $0.name == "Op.graphql.swift" }).contents
    }

    /// The errors of a schema extension, as `swift build` would print them.
    private static func errors(_ extensionText: String, schema: String = schema) -> [String] {
        do {
            _ = try CodegenSchema(sdl: schema, fileName: "schema.graphqls", extensions: [SchemaSource(text: extensionText, fileName: "local.graphqls")])
            Issue.record("expected errors in the extension")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("the document sent leaves out local fields and the variables only they use; the hash is the sent text's")
    func documentLeavesLocalFieldsOut() throws {
        let swift = try Self.generate("""
            query Reading($isbn: String!, $format: String) {
              book(isbn: $isbn) { title isFavorite shelfMark(format: $format) }
            }
            """)
        let sent = "query Reading($isbn: String!) { book(isbn: $isbn) { __typename title } }"
        #expect(swift.contains(sent))
        #expect(swift.contains("public static let operationIdentifier = \"\(SHA256.hexDigest(of: sent))\""))
        // The operation keeps the variable, for the local field's storage key; requests leave it out.
        #expect(swift.contains("public var format: GraphQLNullable<String>"))
        #expect(swift.contains(#"public static let __clientOnlyVariables: Set<String> = ["format"]"#))
    }

    @Test("a local field's directives go with it, and so do the variables they use")
    func directivesOfLocalFieldsGo() throws {
        let swift = try Self.generate("""
            query Reading($isbn: String!, $withMark: Boolean!) {
              book(isbn: $isbn) { title shelfMark @include(if: $withMark) }
            }
            """)
        #expect(swift.contains("query Reading($isbn: String!) { book(isbn: $isbn) { __typename title } }"))
    }

    @Test("an inline fragment of local fields alone goes, with the variable of its condition")
    func inlineFragmentOfLocalFieldsGoes() throws {
        let swift = try Self.generate("""
            query Reading($isbn: String!, $extras: Boolean!) {
              book(isbn: $isbn) { title ... @include(if: $extras) { isFavorite shelf } }
            }
            """)
        #expect(swift.contains("query Reading($isbn: String!) { book(isbn: $isbn) { __typename title } }"))
        #expect(swift.contains(#"public static let __clientOnlyVariables: Set<String> = ["extras"]"#))
    }

    @Test("generated code types local fields, marks them in the metadata, and decodes an absent one as its default")
    func metadataAndDecoding() throws {
        let swift = try Self.generate("query Shelf { books { isbn isFavorite shelf labels shelfMark } }")
        #expect(swift.contains("public var isFavorite: Bool"))
        #expect(swift.contains("public var shelf: Shelf"))
        #expect(swift.contains(#".field(.init("isFavorite", type: .nonNull(.scalar("Boolean")), isLocal: true, clientDefault: false)),"#))
        #expect(swift.contains(#".field(.init("labels", type: .nonNull(.list(.nonNull(.scalar("String")))), isLocal: true, clientDefault: ["to read"])),"#))
        #expect(swift.contains(#".field(.init("shelfMark", type: .scalar("String"), isLocal: true)),"#))
        #expect(swift.contains(#"self.isFavorite = try object.decode("isFavorite", default: false)"#))
        #expect(swift.contains(#"self.shelf = try object.decode("shelf", default: "FICTION")"#))
        #expect(swift.contains(#"self.shelfMark = try object.decodeIfPresent("shelfMark")"#))
        #expect(swift.contains("public static let __selectsLocalFields = true"))
        #expect(swift.contains(#".field(.init("isbn", type: .nonNull(.scalar("String")))),"#))
    }

    @Test("an operation without local fields is generated as before")
    func operationsWithoutLocalFieldsAreUnchanged() throws {
        let swift = try Self.generate("query Titles { books { title } }")
        #expect(!swift.contains("__selectsLocalFields"))
        #expect(!swift.contains("isLocal"))
        #expect(swift.contains("query Titles { books { __typename title } }"))
    }

    @Test("a fragment's text leaves local fields out, and the operation spreading it knows it selects them")
    func fragments() throws {
        let swift = try Self.generate("""
            query Shelf { books { ...Favourite } }
            fragment Favourite on Book { isbn isFavorite }
            """)
        #expect(swift.contains(#"public static let fragmentDefinition = "fragment Favourite on Book { __typename isbn }""#))
        #expect(swift.contains("public static let __selectsLocalFields = true"))
    }

    @Test("a nested selection of local fields alone keeps __typename, so its field and its object stay")
    func nestedSelectionOfLocalFieldsOnly() throws {
        let swift = try Self.generate("query Authors { books { title author { nickname } } }")
        #expect(swift.contains("query Authors { books { __typename title author { __typename } } }"))
    }

    @Test("an operation of local fields alone would send nothing: a compiler-style error")
    func operationOfLocalFieldsAlone() throws {
        let schema = try Self.loadSchema(Self.extensionText + "\nextend type Query { readingGoal: Int }")
        do {
            _ = try CodeGenerator(schema: schema).generate(files: [OperationFile(path: "Goal.graphql", text: "\n  query Goal { readingGoal }")])
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "Goal.graphql:2:3: error: The query Goal selects only local fields, so nothing would be left to send to the server: select a server field too, or read the local fields from the store with a fragment.",
            ])
        }
    }

    @Test("a non-null local field without a default is an error at the field")
    func nonNullWithoutDefault() {
        #expect(Self.errors("extend type Book {\n  isFavorite: Boolean!\n}") == [
            "local.graphqls:2:3: error: The local field Book.isFavorite is non-null but has no default. A local field that was never written reads as its default: add @clientDefault(value: …), or make the field nullable so that it reads as null.",
        ])
    }

    @Test("a default that does not fit the field's type is an error at the directive", arguments: [
        (#"extend type Book { isFavorite: Boolean! @clientDefault(value: "no") }"#,
         #"local.graphqls:1:41: error: @clientDefault(value: "no") does not fit Book.isFavorite, of type Boolean!: expected true or false."#),
        ("extend type Book { pages: Int @clientDefault(value: 1.5) }",
         "local.graphqls:1:31: error: @clientDefault(value: 1.5) does not fit Book.pages, of type Int: expected a 32-bit integer."),
        ("extend type Book { shelf: Shelf! @clientDefault(value: POETRY) }",
         "local.graphqls:1:34: error: @clientDefault(value: POETRY) does not fit Book.shelf, of type Shelf!: Shelf has no value POETRY."),
        ("extend type Book { labels: [String!]! @clientDefault(value: null) }",
         "local.graphqls:1:39: error: @clientDefault(value: null) does not fit Book.labels, of type [String!]!: null is not allowed for a non-null type."),
        (#"extend type Book { labels: [String!]! @clientDefault(value: "x") }"#,
         #"local.graphqls:1:39: error: @clientDefault(value: "x") does not fit Book.labels, of type [String!]!: expected a list."#),
        ("extend type Book { code: ID! @clientDefault(value: 7) }",
         "local.graphqls:1:30: error: @clientDefault(value: 7) does not fit Book.code, of type ID!: expected a string."),
        ("extend type Book { editor: Author! @clientDefault(value: false) }",
         "local.graphqls:1:36: error: @clientDefault(value: false) does not fit Book.editor, of type Author!: an object can only default to null."),
    ])
    func defaultOfTheWrongType(extensionText: String, expected: String) {
        #expect(Self.errors(extensionText) == [expected])
    }

    @Test("@clientDefault on a server field is an error, in an extension or in the server's schema")
    func defaultOnAServerField() {
        #expect(Self.errors(#"extend type Book { title: String! @clientDefault(value: "Untitled") }"#) == [
            #"local.graphqls:1:35: error: @clientDefault applies only to local fields, which a schema extension adds to a type of the server's schema; Book.title is a field of the server's schema, which the server fills."#,
        ])
        let schema = Self.schema.replacingOccurrences(of: "title: String!", with: #"title: String! @clientDefault(value: "x")"#)
        #expect(Self.errors("extend type Book { isFavorite: Boolean }", schema: schema) == [
            #"schema.graphqls:2:42: error: @clientDefault applies only to local fields, which a schema extension adds to a type of the server's schema; Book.title is a field of the server's schema, which the server fills."#,
        ])
    }

    @Test("a schema's own type named ClientDefaultValue: a scalar serves @clientDefault, any other kind is an error where the schema defines it")
    func schemaDefinesTheDefaultsScalar() throws {
        let withScalar = Self.schema + "\nscalar ClientDefaultValue"
        let loaded = try CodegenSchema(
            sdl: withScalar, fileName: "schema.graphqls", extensions: [SchemaSource(text: Self.extensionText, fileName: "local.graphqls")])
        let files = try CodeGenerator(schema: loaded).generate(files: [OperationFile(path: "Op.graphql", text: "query Op { books { isFavorite } }")])
        let swift = try #require(files.first { $0.name == "Op.graphql.swift" }).contents
        #expect(swift.contains(#"self.isFavorite = try object.decode("isFavorite", default: false)"#))

        let withObject = Self.schema + "\ntype ClientDefaultValue { value: String }"
        #expect(Self.errors(Self.extensionText, schema: withObject) == [
            #"schema.graphqls:6:6: error: "ClientDefaultValue" is the scalar that @clientDefault's argument takes, and here it is not a scalar: rename the type, or declare @clientDefault in a schema file."#,
        ])
    }

    @Test("custom scalars take any literal default, and defaults work on nullable fields")
    func acceptedDefaults() throws {
        let schema = try Self.loadSchema("""
            extend type Book {
              added: Date @clientDefault(value: "2026-01-01")
              rating: Float! @clientDefault(value: 3)
              code: ID! @clientDefault(value: "7")
            }
            """)
        let files = try CodeGenerator(schema: schema).generate(files: [OperationFile(path: "Op.graphql", text: "query Op { books { added rating code } }")])
        let swift = try #require(files.first { $0.name == "Op.graphql.swift" }).contents
        #expect(swift.contains(#"self.added = try object.decode("added", default: "2026-01-01")"#))
        #expect(swift.contains(#"self.rating = try object.decode("rating", default: 3)"#))
        #expect(swift.contains(#"self.code = try object.decode("code", default: "7")"#))
    }

    @Test("apogee generate reports a bad local field as a compiler does, at the field in the extension file")
    func commandLine() throws {
        let failed = try CommandLineTests.generate(
            in: TemporaryFolder(), schema: Self.schema, schemaExtension: "extend type Book {\n  isFavorite: Boolean!\n}",
            extensionName: "local.graphqls", operation: "query Shelf { books { isbn } }")
        #expect(failed.run.status == 1)
        #expect(failed.run.standardError.contains("\(failed.extensionPath):2:3: error: The local field Book.isFavorite is non-null but has no default."))
    }
}
