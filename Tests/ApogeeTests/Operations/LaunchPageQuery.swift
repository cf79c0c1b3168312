import Apogee

/// `query LaunchPage($pageSize: Int, $after: String) { launches(pageSize: $pageSize, after: $after) { __typename cursor hasMore } }`.
/// Its variables are declared out of alphabetical order, to show that the body keeps their order.
struct LaunchPageQuery: GraphQLQuery {
    static let operationName = "LaunchPage"
    static let document = "query LaunchPage($pageSize: Int, $after: String) { launches(pageSize: $pageSize, after: $after) { __typename cursor hasMore } }"

    var pageSize: GraphQLNullable<Int>
    var after: GraphQLNullable<String>

    var variables: [InputField] {
        InputField.fields(["pageSize": pageSize.inputValueIfPresent, "after": after.inputValueIfPresent])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init(
                "launches",
                arguments: [.init("pageSize", .variable("pageSize")), .init("after", .variable("after"))],
                type: .nonNull(.object("LaunchConnection", Launches.__selections))
            )),
        ]

        var launches: Launches

        init(from object: ResponseObject) throws {
            self.launches = try object.decode("launches")
        }

        var __fields: JSONObject {
            JSONObject(responseFields: ["launches": launches.responseValue])
        }

        struct Launches: SelectionSet {
            static let __parentType = "LaunchConnection"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("cursor", type: .nonNull(.scalar("String")))),
                .field(.init("hasMore", type: .nonNull(.scalar("Boolean")))),
            ]

            var __typename: String
            var cursor: String
            var hasMore: Bool

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.cursor = try object.decode("cursor")
                self.hasMore = try object.decode("hasMore")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: ["__typename": __typename.responseValue, "cursor": cursor.responseValue, "hasMore": hasMore.responseValue])
            }
        }
    }
}
