// Hand-written in the shape code generation emits, but without one thing it always adds: code
// generation selects `__typename` in every fragment, even one on `Query`, while this test is about
// a root record that has no `__typename`. The other operations of these tests are generated in
// Tests/StoreFixtures.
@testable import ApogeeAPI

/// `query Totals { ...Totals }` with `fragment Totals on Query { totalLaunches }`: a fragment
/// spread on the root, whose record has no `__typename`.
struct TotalsQuery: GraphQLQuery {
    static let operationName = "Totals"
    static let document = "query Totals { ...Totals } fragment Totals on Query { totalLaunches }"

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .fragmentSpread(.init(Totals.self)),
        ]

        var fragments: Fragments

        init(from object: ResponseObject) throws {
            self.fragments = try Fragments(from: object)
        }

        var __fields: JSONObject {
            fragments.totals.__fields
        }

        struct Fragments: Hashable, Sendable {
            var totals: Totals

            init(from object: ResponseObject) throws {
                self.totals = try Totals(from: object)
            }
        }
    }
}

/// `fragment Totals on Query { totalLaunches }`
struct Totals: Fragment {
    static let fragmentName = "Totals"
    static let __parentType = "Query"
    static let __typeCondition = Selection.TypeCondition("Query", possibleTypes: ["Query"])
    static let fragmentDefinition = "fragment Totals on Query { totalLaunches }"
    static let __selections: [Selection] = [
        .field(.init("totalLaunches", type: .nonNull(.scalar("Int")))),
    ]

    var totalLaunches: Int

    init(from object: ResponseObject) throws {
        self.totalLaunches = try object.decode("totalLaunches")
    }

    var __fields: JSONObject {
        JSONObject(responseFields: ["totalLaunches": totalLaunches.responseValue])
    }
}
