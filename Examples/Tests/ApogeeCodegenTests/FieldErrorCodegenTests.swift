@testable import ApogeeCodegen
import Testing

/// `@semanticNonNull` (with its list levels, on the schema or through an extension), `@catch`
/// on fields and fragments, and the project's default for an uncaught field error: the Swift
/// types and readers they give, and the errors for directives that cannot work.
@Suite("Field error codegen")
struct FieldErrorCodegenTests {
    static let schema = """
        type Query { shelf: Shelf  books: [Book]  book(isbn: String!): Book }
        type Shelf { name: String @semanticNonNull  tags: [String] @semanticNonNull(levels: [0, 1])  books: [Book] @semanticNonNull(levels: [1])  owner: String! }
        type Book { isbn: String  title: String  author: Author }
        type Author { name: String }
        """

    static let operation = """
        query Shelf {
          shelf { name tags books { isbn } owner }
        }
        """

    func generated(
        _ operation: String = Self.operation, schema: String = Self.schema, extensions: [SchemaSource] = [],
        fieldErrors: FieldErrorHandling? = nil
    ) throws -> String {
        let loaded = try CodegenSchema(sdl: schema, fileName: "schema.graphqls", extensions: extensions)
        let files = try CodeGenerator(schema: loaded, configuration: CodegenConfiguration(fieldErrors: fieldErrors))
            .generate(files: [OperationFile(path: "Shelf.graphql", text: operation)])
        return try #require(files.first { $0.name == "Shelf.graphql.swift" }).contents
    }

    func errors(_ operation: String, extensions: [SchemaSource] = []) -> [String] {
        do {
            let loaded = try CodegenSchema(sdl: Self.schema, fileName: "schema.graphqls", extensions: extensions)
            _ = try CodeGenerator(schema: loaded).generate(files: [OperationFile(path: "Shelf.graphql", text: operation)])
            Issue.record("expected errors")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("@semanticNonNull makes the levels it names non-optional; other nullable fields stay optional")
    func semanticNonNullLevels() throws {
        let text = try generated()
        #expect(text.contains("public var name: String\n"))
        #expect(text.contains("public var tags: [String]\n"))
        #expect(text.contains("public var books: [Book]?\n"))
        #expect(text.contains("public var owner: String\n"))
        #expect(text.contains("public var isbn: String?\n"))
        // Under the NULL default the nearest optional field above them takes their nil as it
        // reads: the plain reader does.
        #expect(text.contains(#"self.shelf = try object.decode("shelf")"#))
        #expect(text.contains(#"self.books = try object.decode("books")"#))
        #expect(text.contains(#"self.name = try object.decode("name")"#))
        // What the store and the server see keeps the schema's nullability.
        #expect(text.contains(#".field(.init("name", type: .scalar("String"))),"#))
    }

    @Test("@semanticNonNullField in an extension file does what @semanticNonNull in the schema does")
    func semanticNonNullThroughAnExtension() throws {
        let schema = "type Query { book: Book } type Book { title: String  chapters: [String] }"
        let text = try generated(
            "query Shelf { book { title chapters } }", schema: schema,
            extensions: [SchemaSource(
                text: #"extend type Book @semanticNonNullField(name: "title") @semanticNonNullField(name: "chapters", levels: [1])"#,
                fileName: "errors.graphqls")])
        #expect(text.contains("public var title: String\n"))
        #expect(text.contains("public var chapters: [String]?\n"))
    }

    @Test("@catch(to: RESULT) gives a FieldResult of the semantic type, @catch(to: NULL) an optional that catches")
    func catchOnFields() throws {
        let text = try generated("""
            query Shelf {
              shelf { name @catch(to: RESULT)  tags @catch  owner  books @catch(to: NULL) { isbn } }
            }
            """)
        #expect(text.contains("public var name: FieldResult<String>\n"))
        #expect(text.contains("public var tags: FieldResult<[String]>\n"))
        #expect(text.contains("public var books: [Book]?\n"))
        #expect(text.contains(#"self.name = try object.decode("name")"#))
        #expect(text.contains(#"self.books = try object.decodeCatchingFieldErrors("books")"#))
        // Never sent: the server does not know the directive.
        #expect(text.contains("query Shelf { shelf { __typename name tags owner books { __typename isbn } } }"))
    }

    @Test("the THROW default keeps optional fields optional and fails on a null the server explains")
    func throwDefault() throws {
        let text = try generated(fieldErrors: .throw)
        #expect(text.contains("public var shelf: Shelf?\n"))
        #expect(text.contains(#"self.shelf = try object.decodeThrowingFieldErrors("shelf")"#))
        #expect(text.contains("public var name: String\n"))
        #expect(text.contains(#"self.name = try object.decode("name")"#))
        #expect(text.contains(#"self.owner = try object.decode("owner")"#))
    }

    @Test("the RESULT default makes every field the server can null a FieldResult, and leaves non-null ones alone")
    func resultDefault() throws {
        let text = try generated(fieldErrors: .result)
        #expect(text.contains("public var shelf: FieldResult<Shelf?>\n"))
        #expect(text.contains("public var name: FieldResult<String>\n"))
        #expect(text.contains("public var books: FieldResult<[Book]?>\n"))
        #expect(text.contains("public var isbn: FieldResult<String?>\n"))
        #expect(text.contains("public var owner: String\n"))
    }

    @Test("@catchByDefault in the schema sets the default, and apogee.json's choice overrides it")
    func catchByDefault() throws {
        let extensions = [SchemaSource(text: "extend schema @catchByDefault(to: RESULT)", fileName: "errors.graphqls")]
        #expect(try generated(extensions: extensions).contains("public var shelf: FieldResult<Shelf?>\n"))
        #expect(try generated(extensions: extensions, fieldErrors: .throw).contains("public var shelf: Shelf?\n"))
    }

    @Test("@catch on an operation is the default of that operation alone")
    func catchOnOperation() throws {
        let text = try generated("""
            query Shelf @catch(to: RESULT) { shelf { name } }
            query Books { books { title } }
            """)
        #expect(text.contains("public var shelf: FieldResult<Shelf?>\n"))
        #expect(text.contains("public var name: FieldResult<String>\n"))
        #expect(text.contains("public var books: [Book?]?\n"))
        #expect(text.contains("public var title: String?\n"))
        #expect(text.contains("query Shelf { shelf { __typename name } }"))
    }

    @Test("@catch on a fragment makes its property a FieldResult, read so that its errors stay in it")
    func catchOnFragment() throws {
        let text = try generated("""
            query Shelf { shelf { owner ...ShelfName } }
            fragment ShelfName on Shelf @catch(to: RESULT) { name }
            """)
        #expect(text.contains("public var shelfName: FieldResult<ShelfName>\n"))
        #expect(text.contains("self.shelfName = try FieldResult(catching: { try ShelfName(from: object) })"))
        #expect(text.contains("if let fragment = fragments.shelfName.value { fields.mergeDeeply(fragment.__fields) }"))
    }

    @Test("@catch where it cannot go, or given two ways for one field, is an error at its place", arguments: [
        ("query Shelf { shelf { ... on Shelf @catch { name } } }",
         #"Shelf.graphql:1:36: error: Directive "@catch" may not be used on INLINE_FRAGMENT."#),
        ("query Shelf($a: String! @catch) { book(isbn: $a) { title } }",
         #"Shelf.graphql:1:25: error: Directive "@catch" may not be used on VARIABLE_DEFINITION."#),
        ("query Shelf { shelf { ...N @catch } } fragment N on Shelf { name }",
         #"Shelf.graphql:1:28: error: Directive "@catch" may not be used on FRAGMENT_SPREAD."#),
        ("query Shelf { shelf { name @catch(to: MAYBE) } }",
         #"Shelf.graphql:1:39: error: Value "MAYBE" does not exist in "CatchTo" enum."#),
        ("query Shelf($to: CatchTo!) { shelf { name @catch(to: $to) } }",
         "Shelf.graphql:1:43: error: @catch(to:) takes RESULT, NULL or THROW written in the document: the generated type depends on it."),
        ("query Shelf { shelf { name @catch name @catch(to: NULL) } }",
         #"Shelf.graphql:1:35: error: Fields "name" conflict because they catch field errors differently (@catch(to: RESULT) and @catch(to: NULL)). Use different aliases on the fields to fetch both if this was intentional."#),
    ])
    func misplacedCatch(operation: String, expected: String) {
        #expect(errors(operation) == [expected])
    }

    @Test("@semanticNonNull levels a field's type does not have are errors at the directive")
    func levelsOutOfRange() {
        let errors = errors("query Shelf { books { title } }", extensions: [SchemaSource(
            text: #"extend type Book @semanticNonNullField(name: "title", levels: [1]) @semanticNonNullField(name: "pages")"#,
            fileName: "errors.graphqls")])
        #expect(errors == [
            "errors.graphqls:1:18: error: @semanticNonNullField on Book.title gives level 1; its type String has levels 0.",
            #"errors.graphqls:1:68: error: @semanticNonNullField names the field "pages", which Book does not have."#,
        ])
    }
}
