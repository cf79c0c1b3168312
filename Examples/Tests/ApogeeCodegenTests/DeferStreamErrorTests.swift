@testable import ApogeeCodegen
import Testing

/// The rules for `@defer` and `@stream`, each an error at its file, line and column; the
/// RocketReserver schema declares both directives, and a schema that does not still knows them.
@Suite("Errors in @defer and @stream")
struct DeferStreamErrorTests {
    let generator: CodeGenerator

    init() throws {
        generator = try TestFiles.rocketReserverGenerator()
    }

    private func diagnostics(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        generator.diagnostics([OperationFile(path: "Deferred.graphql", text: text)], sourceLocation: sourceLocation)
    }

    @Test func deferOnAFieldIsMisplaced() {
        #expect(diagnostics("""
            query Q {
              launch(id: "1") @defer {
                id
              }
            }
            """) == [#"Deferred.graphql:2:19: error: Directive "@defer" may not be used on FIELD."#])
    }

    @Test func streamOnAFragmentIsMisplaced() {
        #expect(diagnostics("""
            query Q {
              launch(id: "1") {
                ... @stream(label: "a") {
                  id
                }
              }
            }
            """) == [#"Deferred.graphql:3:9: error: Directive "@stream" may not be used on INLINE_FRAGMENT."#])
    }

    @Test func streamOnAFieldThatIsNotAList() {
        #expect(diagnostics("""
            query Q {
              launch(id: "1") @stream {
                id
              }
            }
            """) == [#"Deferred.graphql:2:19: error: @stream applies to fields of list type, and "launch" returns Launch."#])
    }

    @Test func labelsAreUniqueAcrossTheOperationAndItsFragments() {
        #expect(diagnostics("""
            query Q {
              launch(id: "1") {
                ... @defer(label: "details") {
                  site
                }
                ...Mission @defer(label: "details")
              }
            }

            fragment Mission on Launch {
              mission {
                name
              }
            }
            """) == [
                #"Deferred.graphql:6:16: error: The label "details" is used twice in "Q" (also at Deferred.graphql:3:9): each @defer and @stream of an operation, and of the fragments it uses, needs a label of its own."#,
            ])
        #expect(diagnostics("""
            query Q {
              launches {
                launches @stream(label: "rows") {
                  id
                }
                more: launches @stream(label: "rows") {
                  id
                }
              }
            }
            """) == [
                #"Deferred.graphql:6:20: error: The label "rows" is used twice in "Q" (also at Deferred.graphql:3:14): each @defer and @stream of an operation, and of the fragments it uses, needs a label of its own."#,
            ])
    }

    @Test func aLabelInAFragmentClashesWithTheOperations() {
        #expect(diagnostics("""
            query Q {
              launches {
                launches @stream(label: "rows") {
                  ...Site
                }
              }
            }

            fragment Site on Launch {
              ... @defer(label: "rows") {
                site
              }
            }
            """) == [
                #"Deferred.graphql:10:7: error: The label "rows" is used twice in "Q" (also at Deferred.graphql:3:14): each @defer and @stream of an operation, and of the fragments it uses, needs a label of its own."#,
            ])
    }

    @Test func aLabelIsAStringLiteral() {
        #expect(diagnostics("""
            query Q($label: String) {
              launch(id: "1") {
                ... @defer(label: $label) {
                  site
                }
              }
            }
            """) == [#"Deferred.graphql:3:16: error: The label of @defer must be a string literal, not a variable."#])
    }

    @Test func aDeferredInlineFragmentNeedsALabel() {
        #expect(diagnostics("""
            query Q {
              launch(id: "1") {
                ... on Launch @defer {
                  site
                }
              }
            }
            """) == [
                #"Deferred.graphql:3:19: error: A deferred inline fragment needs a label, which names its property in the generated code: @defer(label: "details")."#,
            ])
    }

    @Test func initialCountIsNotNegative() {
        #expect(diagnostics("""
            query Q {
              launches {
                launches @stream(initialCount: -1) {
                  id
                }
              }
            }
            """) == [#"Deferred.graphql:3:22: error: @stream's initialCount must not be negative; it is -1."#])
    }

    @Test func notAtTheRootOfASubscription() {
        #expect(diagnostics("""
            subscription S {
              ... @defer(label: "count") {
                tripsBooked
              }
            }
            """) == [
                #"Deferred.graphql:2:7: error: @defer is not allowed on the root selection set of a subscription, whose events each arrive whole."#,
            ])
        // Nor through a fragment spread there.
        #expect(diagnostics("""
            subscription S {
              ...Count
            }

            fragment Count on Subscription {
              ... @defer(label: "count") {
                tripsBooked
              }
            }
            """) == [
                #"Deferred.graphql:6:7: error: @defer is not allowed on the root selection set of a subscription, whose events each arrive whole."#,
            ])
    }

    /// A schema that does not declare the directives still has them, for validation and code.
    @Test func aSchemaWithoutTheDeclarationsKnowsThem() throws {
        let schema = try CodegenSchema(sdl: "type Query { items: [Item!]! }\ntype Item { id: ID! name: String }", fileName: "schema.graphqls")
        let generator = CodeGenerator(schema: schema)
        let files = try generator.generate(files: [OperationFile(path: "Items.graphql", text: """
            query Items {
              items @stream(initialCount: 2) {
                id
                ... @defer(label: "itemName") {
                  name
                }
              }
            }
            """)])
        let code = try #require(files.first { $0.name == "Items.graphql.swift" }?.contents)
        #expect(code.contains("public static let __deliversIncrementally = true"))
        #expect(code.contains("public var itemName: Deferred<ItemName>"))
        #expect(code.contains(#"items @stream(initialCount: 2) { __typename id ... @defer(label: "itemName") { name } }"#))
        #expect(generator.diagnostics([OperationFile(path: "Items.graphql", text: "query Items {\n  items @defer {\n    id\n  }\n}\n")]) == [
            #"Items.graphql:2:9: error: Directive "@defer" may not be used on FIELD."#,
        ])
    }
}
