@testable import ApogeeAPI
import CodegenFixtureValidEdges
import Testing

/// Documents valid by the specification that Apogee once refused or generated code for that
/// did not compile: the plugin generates them, they compile, and they decode a response and
/// encode their variables.
@Suite("Generated code for valid edge documents")
struct ValidEdgeDocumentTests {
    @Test func aSelectionSetOfFragmentSpreadsAloneDecodesAndEncodes() throws {
        // The fragment on the query type selects `__typename` at the root, as every fragment does.
        let json: JSONObject = ["__typename": "Query", "hero": ["__typename": "Hero", "id": "1000", "name": "Luke"]]
        let data = try FragmentsOnlyQuery.Data(json: json)
        #expect(data.fragments.queryFragment.hero?.name == "Luke")
        #expect(data.fragments.queryFragment.hero?.id == "1000")
        #expect(data.__fields == json)
    }

    @Test func aLowerCaseFragmentNameGivesACapitalizedType() throws {
        let json: JSONObject = ["hero": ["__typename": "Hero", "id": "1000", "name": "Luke"]]
        let data = try HeroWithLowercaseFragmentQuery.Data(json: json)
        let fragment: HeroFragment? = data.hero?.fragments.heroFragment
        #expect(fragment?.name == "Luke")
        #expect(HeroFragment.fragmentName == "heroFragment")
        #expect(HeroWithLowercaseFragmentQuery.document.contains("fragment heroFragment on Hero"))
        #expect(data.__fields == json)
    }

    @Test func aCapitalizedFieldNamedLikeItsTypeDecodes() throws {
        let json: JSONObject = ["Horse": ["__typename": "Horse", "name": "Silver"]]
        let data = try CapitalizedFieldQuery.Data(json: json)
        let horse: CapitalizedFieldQuery.Data.Horse_? = data.Horse
        #expect(horse?.name == "Silver")
        #expect(data.__fields == json)
    }

    @Test func recursiveInputObjectsEncodeEveryLevel() throws {
        let filter = StableFilter(
            name: "Silver",
            both: .some(StableFilterPair(left: .some(StableFilter(name: "A")), right: .null)),
            not: .some(StableFilter(not: .some(StableFilter(name: "B")))))
        #expect(StableQuery(filter: .some(filter)).variablesJSON == [
            "filter": [
                "name": "Silver",
                "both": ["left": ["name": "A"], "right": nil],
                "not": ["not": ["name": "B"]],
            ],
        ])
        var changed = filter
        changed.not = .null
        #expect(changed.inputValue.jsonValue == ["name": "Silver", "both": ["left": ["name": "A"], "right": nil], "not": nil])
        #expect(changed != filter)
        #expect(filter.not == .some(StableFilter(not: .some(StableFilter(name: "B")))))

        let data = try StableQuery.Data(json: ["stable": [["__typename": "Horse", "name": "Silver"]]])
        #expect(data.stable.map(\.name) == ["Silver"])
    }

    @Test func describedOperationsAndFragmentsDecode() throws {
        let json: JSONObject = ["hero": ["__typename": "Hero", "name": "Leia"]]
        let data = try DescribedHeroQuery.Data(json: json)
        #expect(data.hero?.fragments.heroName.name == "Leia")
        // The description is documentation only: the document sent does not carry it.
        #expect(!DescribedHeroQuery.document.contains("The hero, described"))
        #expect(!DescribedHeroQuery.document.contains("Block strings"))
        #expect(DescribedHeroQuery.document.hasPrefix("query DescribedHero {"))
    }

    @Test func introspectionFieldsDecodeIntoTypedData() throws {
        let json: JSONObject = [
            "__schema": [
                "__typename": "__Schema",
                "queryType": ["__typename": "__Type", "name": "Query"],
                "types": [
                    ["__typename": "__Type", "name": "Horse", "kind": "OBJECT"],
                    ["__typename": "__Type", "name": "HorseLookup", "kind": "INPUT_OBJECT"],
                ],
            ],
            "__type": [
                "__typename": "__Type", "name": "Horse", "kind": "OBJECT",
                "fields": [
                    [
                        "__typename": "__Field", "name": "name",
                        "type": ["__typename": "__Type", "kind": "NON_NULL", "name": nil, "ofType": ["__typename": "__Type", "name": "String"]],
                    ],
                    [
                        "__typename": "__Field", "name": "age",
                        "type": ["__typename": "__Type", "kind": "SCALAR", "name": "Int", "ofType": nil],
                    ],
                ],
            ],
        ]
        let data = try SchemaShapeQuery.Data(json: json)
        #expect(data.__schema.queryType.name == "Query")
        #expect(data.__schema.types.map(\.kind) == [.object, .inputObject])
        #expect(data.__type?.kind == .object)
        #expect(data.__type?.fields?.map(\.name) == ["name", "age"])
        #expect(data.__type?.fields?.first?.type.kind == .nonNull)
        #expect(data.__type?.fields?.first?.type.ofType?.name == "String")
        #expect(__TypeKind(rawValue: "INPUT_OBJECT") == .inputObject)
        #expect(data.__fields == json)
    }

    @Test func aOneOfInputHoldsExactlyOneFieldAndSendsThatKeyAlone() {
        #expect(FindHorseQuery(by: .name("Silver")).variablesJSON == ["by": ["name": "Silver"]])
        #expect(FindHorseQuery(by: .ages([3, 4])).variablesJSON == ["by": ["ages": [3, 4]]])
        #expect(FindHorseQuery(by: .owner(OwnerLookup(name: "Ann"))).variablesJSON == ["by": ["owner": ["name": "Ann"]]])
        // A @oneOf input that leads back to itself is an indirect enum.
        #expect(FindHorseQuery(by: .not(.not(.name("Shadow")))).variablesJSON == ["by": ["not": ["not": ["name": "Shadow"]]]])
        let lookup: HorseLookup = .name("Silver")
        #expect(lookup.fields.map(\.name) == ["name"])
    }

    @Test func aOneOfQueryDecodesItsResponse() throws {
        let data = try FindHorseQuery.Data(json: ["horse": ["__typename": "Horse", "name": "Silver", "age": 7]])
        #expect(data.horse?.name == "Silver")
        #expect(data.horse?.age == 7)
    }
}
