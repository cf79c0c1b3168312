@testable import ApogeeCodegen
import Testing

/// The specification's field selection merging (FieldsInSetCanMerge), with its own examples
/// and fields that meet through named fragments, which GraphQLSwift does not check.
@Suite("Field selection merging")
struct FieldMergingTests {
    static let schema = """
        type Query { dog: Dog pet: Pet }
        enum DogCommand { SIT DOWN HEEL }
        enum CatCommand { JUMP }
        interface Pet { name: String! }
        type Dog implements Pet {
          name: String!
          nickname: String
          barkVolume: Int
          doesKnowCommand(dogCommand: DogCommand): Boolean!
          friends(first: Int): [Dog!]
        }
        type Cat implements Pet {
          name: String!
          nickname: String
          meowVolume: Int
          doesKnowCommand(catCommand: CatCommand): Boolean!
        }
        """

    private func errors(_ text: String) throws -> [String] {
        let generator = CodeGenerator(schema: try CodegenSchema(sdl: Self.schema, fileName: "schema.graphqls"))
        do {
            _ = try generator.generate(files: [OperationFile(path: "Merge.graphql", text: text)])
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("the specification's fields that merge", arguments: [
        "fragment mergeIdenticalFields on Dog { name name }",
        "fragment mergeIdenticalAliasesAndFields on Dog { otherName: name otherName: name }",
        "fragment mergeIdenticalFieldsWithIdenticalArgs on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: SIT) }",
        "query Q($dogCommand: DogCommand) { dog { doesKnowCommand(dogCommand: $dogCommand) doesKnowCommand(dogCommand: $dogCommand) } }",
        "fragment safeDifferingFields on Pet { ... on Dog { volume: barkVolume } ... on Cat { volume: meowVolume } }",
        "fragment safeDifferingArgs on Pet { ... on Dog { doesKnowCommand(dogCommand: SIT) } ... on Cat { doesKnowCommand(catCommand: JUMP) } }",
        "query Q { dog { friends(first: 2) { name } ...F } } fragment F on Dog { friends(first: 2) { name nickname } }",
    ])
    func merging(text: String) throws {
        #expect(try errors(text) == [])
    }

    @Test("the specification's fields that cannot merge", arguments: [
        ("fragment conflictingBecauseAlias on Dog { name: nickname name }",
         #"Merge.graphql:1:58: error: Fields "name" conflict because "nickname" and "name" are different fields. Use different aliases on the fields to fetch both if this was intentional. The other field is at Merge.graphql:1:43."#),
        ("fragment conflictingArgsOnValues on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: HEEL) }",
         #"Merge.graphql:1:76: error: Fields "doesKnowCommand" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. The other field is at Merge.graphql:1:43."#),
        ("query Q($dogCommand: DogCommand) { dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: $dogCommand) } }",
         #"Merge.graphql:1:75: error: Fields "doesKnowCommand" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. The other field is at Merge.graphql:1:42."#),
        ("fragment differingArgs on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand }",
         #"Merge.graphql:1:66: error: Fields "doesKnowCommand" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. The other field is at Merge.graphql:1:33."#),
        ("fragment conflictingDifferingResponses on Pet { ... on Dog { someValue: nickname } ... on Cat { someValue: meowVolume } }",
         #"Merge.graphql:1:97: error: Fields "someValue" conflict because they return conflicting types "String" and "Int". Use different aliases on the fields to fetch both if this was intentional. The other field is at Merge.graphql:1:62."#),
    ])
    func conflicts(text: String, expected: String) throws {
        #expect(try errors(text) == [expected])
    }

    @Test("fields that meet through a named fragment with different arguments are refused, as a server would")
    func throughANamedFragment() throws {
        let text = """
            query Friends {
              dog { friends(first: 10) { name } ...MoreFriends }
            }
            fragment MoreFriends on Dog { friends(first: 11) { name } }
            """
        #expect(try errors(text) == [
            #"Merge.graphql:4:31: error: Fields "friends" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. The other field is at Merge.graphql:2:9."#,
        ])
    }

    @Test("a conflict deep inside subselections that merge through a fragment is found")
    func nestedThroughAFragment() throws {
        let text = """
            query Friends {
              dog { friends(first: 1) { name } ...Nicknames }
            }
            fragment Nicknames on Dog { friends(first: 1) { name: nickname } }
            """
        #expect(try errors(text) == [
            #"Merge.graphql:4:29: error: Fields "friends" conflict because subfields "name" conflict because "name" and "nickname" are different fields. Use different aliases on the fields to fetch both if this was intentional. The other field is at Merge.graphql:2:9."#,
        ])
    }

    @Test("a list and a single value under one key have different shapes, even on different types")
    func differentShapes() throws {
        let text = "fragment Shapes on Pet { ... on Dog { value: friends { name } } ... on Cat { value: nickname } }"
        let found = try errors(text)
        #expect(found.count == 1)
        #expect(found.first?.contains(#"Fields "value" conflict because they return conflicting types"#) == true)
    }
}
