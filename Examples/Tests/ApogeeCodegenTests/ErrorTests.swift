@testable import ApogeeCodegen
import Testing

/// Errors print like a compiler's, each at its own file, line and column, and stop generation.
@Suite("Errors in operations")
struct ErrorTests {
    let generator: CodeGenerator

    init() throws {
        generator = try TestFiles.rocketReserverGenerator()
    }

    private func diagnostics(_ files: [OperationFile], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        generator.diagnostics(files, sourceLocation: sourceLocation)
    }

    @Test func unknownFieldWithSuggestion() {
        let file = OperationFile(path: "Operations/Launch.graphql", text: """
            query Launch {
              launch(id: "1") {
                sitee
              }
            }
            """)
        #expect(diagnostics([file]) == [
            #"Operations/Launch.graphql:3:5: error: Cannot query field "sitee" on type "Launch". Did you mean "site"?"#,
        ])
    }

    @Test func wrongArgumentType() {
        let file = OperationFile(path: "List.graphql", text: """
            query List {
              launches(pageSize: "ten") {
                cursor
              }
            }
            """)
        #expect(diagnostics([file]) == [#"List.graphql:2:22: error: Int cannot represent non-integer value: "ten""#])
    }

    @Test func undefinedVariable() {
        let file = OperationFile(path: "Details.graphql", text: """
            query Details {
              launch(id: $missing) {
                id
              }
            }
            """)
        #expect(diagnostics([file]) == [#"Details.graphql:2:14: error: Variable "$missing" is not defined by operation "Details"."#])
    }

    @Test func fragmentSpreadOnAWrongType() {
        let file = OperationFile(path: "Me.graphql", text: """
            fragment LaunchBits on Launch {
              id
            }

            query Me {
              me {
                ...LaunchBits
              }
            }
            """)
        #expect(diagnostics([file]) == [
            #"Me.graphql:7:5: error: Fragment "LaunchBits" cannot be spread here as objects of type "User" can never be of type "Launch"."#,
        ])
    }

    @Test func fragmentOnAScalar() {
        let file = OperationFile(path: "Bits.graphql", text: "fragment Bits on String {\n  length\n}\n")
        #expect(diagnostics([file]).first == #"Bits.graphql:1:18: error: Fragment "Bits" cannot condition on non composite type "String"."#)
    }

    @Test func syntaxError() {
        let file = OperationFile(path: "Broken.graphql", text: "query Broken {\n  launch(id: \"1\") {\n    id\n")
        #expect(diagnostics([file]) == ["Broken.graphql:4:1: error: Syntax Error: Expected Name, found <EOF>"])
    }

    @Test func errorsInLaterFilesNameThatFileAndItsLines() {
        let first = OperationFile(path: "A/Tile.graphql", text: """
            fragment Tile on Launch {
              id
              site
            }
            """)
        let second = OperationFile(path: "B/List.graphql", text: """
            # a comment first

            query List {
              launches {
                launches {
                  ...Tile
                  rockett { name }
                }
              }
            }
            """)
        #expect(diagnostics([first, second]) == [
            #"B/List.graphql:7:7: error: Cannot query field "rockett" on type "Launch". Did you mean "rocket"?"#,
        ])
    }

    @Test func everyErrorOfEveryFileIsReportedInFileOrder() {
        let first = OperationFile(path: "One.graphql", text: "query One {\n  me { emial }\n}\n")
        let second = OperationFile(path: "Two.graphql", text: "query Two {\n  launch(id: 1, extra: 2) { id }\n}\n")
        let found = diagnostics([first, second])
        #expect(found.count == 2)
        #expect(found.first?.hasPrefix("One.graphql:2:8: error: Cannot query field \"emial\" on type \"User\".") == true)
        #expect(found.last == #"Two.graphql:2:17: error: Field "launch" on type "Query" does not have argument "extra"."#)
    }

    @Test func duplicateNamesAcrossFiles() {
        let first = OperationFile(path: "First.graphql", text: "query Same { me { id } }\nfragment Bits on Launch { id }\n")
        let second = OperationFile(path: "Second.graphql", text: "\nquery Same { me { email } }\nfragment Bits on Launch { site }\n")
        #expect(diagnostics([first, second]) == [
            #"Second.graphql:2:7: error: There can be only one operation named "Same"; it is also defined at First.graphql:1:7."#,
            #"Second.graphql:3:10: error: There can be only one fragment named "Bits"; it is also defined at First.graphql:2:10."#,
        ])
    }

    /// GraphQLSwift's rule for field arguments also reads a directive's arguments; the
    /// directive's own rules report them, once.
    @Test func anUnknownDirectivesArgumentsAreReportedOnce() {
        let file = OperationFile(path: "Directive.graphql", text: "query Directive {\n  launch(id: \"1\") @unknown(reason: \"x\") {\n    id\n  }\n}\n")
        #expect(diagnostics([file]) == [
            #"Directive.graphql:2:19: error: Unknown directive "@unknown"."#,
        ])
    }

    @Test func aKnownDirectivesUnknownArgumentIsReportedOnce() {
        let file = OperationFile(path: "Include.graphql", text: "query Include($on: Boolean!) {\n  me @include(if: $on, when: true) {\n    id\n  }\n}\n")
        #expect(diagnostics([file]) == [
            #"Include.graphql:2:24: error: Field "me" on type "Query" does not have argument "when"."#,
        ])
    }

    @Test func anonymousOperationsNeedAName() {
        let file = OperationFile(path: "Anonymous.graphql", text: "{ me { id } }")
        #expect(diagnostics([file]).first == "Anonymous.graphql:1:1: error: Apogee needs a name for every operation; this query has none.")
    }

    @Test func conflictingFieldsUnderOneResponseKey() {
        let file = OperationFile(path: "Conflict.graphql", text: "query Conflict {\n  launch(id: \"1\") {\n    site\n    site: id\n  }\n}\n")
        #expect(diagnostics([file]) == [
            #"Conflict.graphql:4:5: error: Fields "site" conflict because "site" and "id" are different fields. Use different aliases on the fields to fetch both if this was intentional. The other field is at Conflict.graphql:3:5."#,
        ])
    }

    @Test func outputFileNamesMustNotCollide() {
        let first = OperationFile(path: "a/Same.graphql", text: "query One { me { id } }")
        let second = OperationFile(path: "b/Same.graphql", text: "query Two { me { id } }")
        #expect(diagnostics([first, second]) == [
            "b/Same.graphql: error: The output file Same.graphql.swift would also be written for a/Same.graphql; rename one of the files.",
        ])
    }

    @Test func schemaErrorsHaveTheirPlaceToo() {
        #expect(throws: CodegenError.self) { try CodegenSchema(sdl: "type Query { a: Missing }", fileName: "s.graphqls") }
        do {
            _ = try CodegenSchema(sdl: "type Query {\n  a: Missing\n}\n", fileName: "s.graphqls")
        } catch {
            #expect(error.description == #"s.graphqls:2:6: error: Unknown type "Missing"."#)
        }
        do {
            _ = try CodegenSchema(sdl: "type Query {\n  a: Int\n", fileName: "t.graphqls")
        } catch {
            #expect(error.description == "t.graphqls:3:1: error: Syntax Error: Expected Name, found <EOF>")
        }
    }
}

@Suite("Errors in schemas")
struct SchemaErrorTests {
    /// GraphQL allows input objects that hold each other through nullable fields (generated
    /// with indirect storage, `ValidEdgeDocumentTests`); a cycle of non-null fields could hold
    /// no value, and is an error at the field that closes it, once.
    @Test func inputObjectsThatRequireThemselvesAreRefusedAtTheirPlace() throws {
        do {
            _ = try CodegenSchema(sdl: """
                input Filter { and: Pair!, name: String }
                input Pair { left: Filter!, right: Filter }
                type Query { search(filter: Filter): Int }
                """, fileName: "recursive.graphqls")
            Issue.record("expected the schema to be refused")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                #"recursive.graphqls:1:16: error: Cannot reference Input Object "Filter" within itself through a series of non-null fields: "and.left"."#,
            ])
        }
    }

    @Test func inputObjectsThatHoldThemselvesThroughNullableFieldsGenerate() throws {
        let schema = try CodegenSchema(sdl: """
            input Filter { and: Filter, or: [Filter!], name: String }
            type Query { search(filter: Filter): Int }
            """, fileName: "recursive.graphqls")
        let file = OperationFile(path: "Search.graphql", text: "query Search($filter: Filter) { search(filter: $filter) }")
        let generated = try CodeGenerator(schema: schema).generate(files: [file])
        let schemaTypes = try #require(generated.first { $0.name == GeneratedFile.schemaTypesFileName }).contents
        #expect(schemaTypes.contains("private var _and: Indirect<GraphQLNullable<Filter>>"))
        #expect(schemaTypes.contains("public var or: GraphQLNullable<[Filter]>\n"))
    }
}
