// Hand-written in the shape code generation emits.
import ApogeeAPI

/// `query LaunchList($pageSize: Int) { launches(pageSize: $pageSize) { cursor hasMore launches { id site tags } } }`
/// The connection has no id, so it is stored under its path from `QUERY_ROOT`.
struct LaunchListQuery: GraphQLQuery {
    static let operationName = "LaunchList"
    static let document = "query LaunchList($pageSize: Int) { launches(pageSize: $pageSize) { __typename cursor hasMore launches { __typename id site tags } } }"

    var pageSize: GraphQLNullable<Int>

    init(pageSize: GraphQLNullable<Int> = nil) {
        self.pageSize = pageSize
    }

    var variables: [InputField] {
        InputField.fields(["pageSize": pageSize.inputValueIfPresent])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launches", arguments: [.init("pageSize", .variable("pageSize"))], type: .nonNull(.object("LaunchConnection", Launches.__selections)))),
        ]

        var launches: Launches

        init(launches: Launches) {
            self.launches = launches
        }

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
                .field(.init("launches", type: .nonNull(.list(.object("Launch", Launch.__selections))))),
            ]

            var __typename: String
            var cursor: String
            var hasMore: Bool
            var launches: [Launch?]

            init(__typename: String = "LaunchConnection", cursor: String, hasMore: Bool, launches: [Launch?]) {
                self.__typename = __typename
                self.cursor = cursor
                self.hasMore = hasMore
                self.launches = launches
            }

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.cursor = try object.decode("cursor")
                self.hasMore = try object.decode("hasMore")
                self.launches = try object.decode("launches")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: [
                    "__typename": __typename.responseValue,
                    "cursor": cursor.responseValue,
                    "hasMore": hasMore.responseValue,
                    "launches": launches.responseValue,
                ])
            }

            struct Launch: SelectionSet {
                static let __parentType = "Launch"
                static let __selections: [Selection] = [
                    .field(.init("__typename", type: .nonNull(.scalar("String")))),
                    .field(.init("id", type: .nonNull(.scalar("ID")))),
                    .field(.init("site", type: .scalar("String"))),
                    .field(.init("tags", type: .list(.nonNull(.scalar("String"))))),
                ]

                var __typename: String
                var id: String
                var site: String?
                var tags: [String]?

                init(__typename: String = "Launch", id: String, site: String?, tags: [String]?) {
                    self.__typename = __typename
                    self.id = id
                    self.site = site
                    self.tags = tags
                }

                init(from object: ResponseObject) throws {
                    self.__typename = try object.decode("__typename")
                    self.id = try object.decode("id")
                    self.site = try object.decode("site")
                    self.tags = try object.decode("tags")
                }

                var __fields: JSONObject {
                    JSONObject(responseFields: [
                        "__typename": __typename.responseValue,
                        "id": id.responseValue,
                        "site": site.responseValue,
                        "tags": tags.responseValue,
                    ])
                }
            }
        }
    }
}
