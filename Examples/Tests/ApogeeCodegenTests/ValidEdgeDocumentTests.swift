@testable import ApogeeCodegen
import Testing

/// Documents valid by graphql-core and the September 2025 specification that Apogee once
/// refused, or generated Swift for that did not compile. The same documents are compiled by
/// the plugin in CodegenFixtureValidEdges and decoded in GeneratedCodeTests; here the Swift
/// is checked where it once went wrong.
@Suite("Valid edge documents")
struct ValidEdgeDocumentTests {
    static let schemaText = """
        type Query { hero: Hero, Horse: Horse, stable(filter: StableFilter): [Horse!]!, horse(by: HorseLookup!): Horse }
        type Hero { id: ID!, name: String! }
        type Horse { name: String!, age: Int }
        input StableFilter { name: String, both: StableFilterPair, not: StableFilter, many: [StableFilter!] }
        input StableFilterPair { left: StableFilter, right: StableFilter }
        input HorseLookup @oneOf { name: String, ages: [Int!], owner: OwnerLookup, not: HorseLookup }
        input OwnerLookup { name: String! }
        """

    /// The Swift for `text` in `Op.graphql`, and the schema types file.
    private static func generate(_ text: String) throws -> (operations: String, schemaTypes: String) {
        let schema = try CodegenSchema(sdl: schemaText, fileName: "schema.graphqls")
        let files = try CodeGenerator(schema: schema).generate(files: [OperationFile(path: "Op.graphql", text: text)])
        let operations = try #require(files.first { $0.name == "Op.graphql.swift" }).contents
        let schemaTypes = try #require(files.first { $0.name == GeneratedFile.schemaTypesFileName }).contents
        return (operations, schemaTypes)
    }

    @Test func aSelectionSetOfFragmentSpreadsAloneStartsFromATypedEmptyObject() throws {
        let swift = try Self.generate("query Q { ...QueryFragment }\nfragment QueryFragment on Query { hero { id } }").operations
        #expect(swift.contains("""
                public var __fields: JSONObject {
                  var fields: JSONObject = [:]
                  fields.mergeDeeply(fragments.queryFragment.__fields)
                  return fields
                }
            """))
        #expect(!swift.contains("var fields = [:]"))
    }

    @Test func aLowerCaseFragmentNameGivesACapitalizedTypeAndALowerCaseProperty() throws {
        let swift = try Self.generate("query Q { hero { ...heroFragment } }\nfragment heroFragment on Hero { name }").operations
        #expect(swift.contains("public nonisolated struct HeroFragment: Fragment {"))
        #expect(swift.contains("public static let fragmentName = \"heroFragment\""))
        #expect(swift.contains("public var heroFragment: HeroFragment"))
        #expect(swift.contains("self.heroFragment = try HeroFragment(from: object)"))
        #expect(swift.contains(".fragmentSpread(.init(HeroFragment.self)),"))
        #expect(!swift.contains("struct heroFragment"))
    }

    @Test func aCapitalizedFieldNamedLikeItsTypeGetsANestedTypeOfAnotherName() throws {
        let swift = try Self.generate("query Q { Horse { name } }").operations
        #expect(swift.contains("public var Horse: Horse_?"))
        #expect(swift.contains("public nonisolated struct Horse_: SelectionSet {"))
        #expect(swift.contains(".field(.init(\"Horse\", type: .object(\"Horse\", Horse_.__selections))),"))
        #expect(!swift.contains(" struct Horse: SelectionSet"))
    }

    @Test func inputObjectsThatHoldEachOtherThroughNullableFieldsAreKeptIndirectly() throws {
        let swift = try Self.generate("query Q($filter: StableFilter) { stable(filter: $filter) { name } }").schemaTypes
        #expect(swift.contains("""
            public nonisolated struct StableFilter: InputObject {
              public var name: GraphQLNullable<String>
              public var both: GraphQLNullable<StableFilterPair> {
                get { _both.value }
                set { _both = Indirect(newValue) }
              }
              public var not: GraphQLNullable<StableFilter> {
                get { _not.value }
                set { _not = Indirect(newValue) }
              }
              public var many: GraphQLNullable<[StableFilter]>
              private var _both: Indirect<GraphQLNullable<StableFilterPair>>
              private var _not: Indirect<GraphQLNullable<StableFilter>>
            """))
        #expect(swift.contains("private indirect enum Indirect<Value: Hashable & Sendable>: Hashable, Sendable {"))
        #expect(swift.contains("self._not = Indirect(not)"))
        #expect(swift.contains("public nonisolated struct StableFilterPair: InputObject {"))
        #expect(swift.contains("private var _left: Indirect<GraphQLNullable<StableFilter>>"))
    }

    @Test func descriptionsOnOperationsAndFragmentsBecomeDocComments() throws {
        let swift = try Self.generate("""
            "The hero."
            query Q { hero { ...HeroName } }

            \"\"\"
            The hero's name.

            Twice described.
            \"\"\"
            fragment HeroName on Hero { name }
            """).operations
        #expect(swift.contains("/// The hero.\n///\n/// `query Q`, from Op.graphql.\npublic nonisolated struct QQuery: GraphQLQuery {"))
        #expect(swift.contains("/// The hero's name.\n///\n/// Twice described.\n///\n/// `fragment HeroName on Hero`, from Op.graphql.\npublic nonisolated struct HeroName: Fragment {"))
        #expect(swift.contains("public static let document = \"\"\"\n    query Q { hero { __typename ...HeroName } } \\"))
    }

    @Test func aDescriptionKeepsThePlacesOfLaterErrors() throws {
        let schema = try CodegenSchema(sdl: Self.schemaText, fileName: "schema.graphqls")
        let file = OperationFile(path: "Op.graphql", text: "\"\"\"\nA hero.\n\"\"\"\nquery Q {\n  hero { nam }\n}\n")
        #expect(CodeGenerator(schema: schema).diagnostics([file]) == [
            #"Op.graphql:5:10: error: Cannot query field "nam" on type "Hero". Did you mean "name"?"#,
        ])
    }

    @Test func introspectionFieldsAreTypedLikeAnyOther() throws {
        let generated = try Self.generate("""
            query Q {
             __schema { queryType { name } types { name kind } }
             __type(name: "Horse") { name fields { name type { kind ofType { name } } } }
            }
            """)
        #expect(generated.operations.contains("public var __schema: __Schema"))
        #expect(generated.operations.contains("public var __type: __Type?"))
        #expect(generated.operations.contains("public nonisolated struct __Schema: SelectionSet {"))
        #expect(generated.operations.contains("public var kind: __TypeKind"))
        #expect(generated.operations.contains(#".field(.init("__type", arguments: [.init("name", .literal("Horse"))], type: .object("__Type", __Type.__selections))),"#))
        #expect(generated.schemaTypes.contains("public nonisolated enum __TypeKind: EnumValue, CaseIterable {"))
        #expect(generated.schemaTypes.contains("case \"INPUT_OBJECT\": self = .inputObject"))
    }

    @Test func aOneOfInputObjectIsAnEnumOfItsFields() throws {
        let swift = try Self.generate("query Q($by: HorseLookup!) { horse(by: $by) { name } }").schemaTypes
        #expect(swift.contains("""
            public nonisolated indirect enum HorseLookup: InputObject {
              case name(String)
              case ages([Int])
              case owner(OwnerLookup)
              case not(HorseLookup)

              public var fields: [InputField] {
                switch self {
                case .name(let value): [InputField("name", value.inputValue)]
                case .ages(let value): [InputField("ages", value.inputValue)]
                case .owner(let value): [InputField("owner", value.inputValue)]
                case .not(let value): [InputField("not", value.inputValue)]
                }
              }
            }
            """))
        #expect(!swift.contains(" struct HorseLookup"))
    }
}
