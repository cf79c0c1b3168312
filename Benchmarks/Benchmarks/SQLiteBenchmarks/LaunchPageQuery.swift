// Hand-written in the shape code generation emits (see Tests/ApogeeAPITests/ContractOperation.swift).
import ApogeeAPI

/// `query LaunchPage { launches(pageSize: 1000) { cursor launches { id site isBooked rocket { id name type } } } }`:
/// a page of launches that all point at one rocket, so a response writes a record per launch.
struct LaunchPageQuery: GraphQLQuery {
    static let operationName = "LaunchPage"
    static let document = "query LaunchPage { launches(pageSize: 1000) { __typename cursor launches { __typename id site isBooked rocket { __typename id name type } } } }"

    var variables: [InputField] { [] }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launches", arguments: [.init("pageSize", .literal(1_000))], type: .nonNull(.object("LaunchConnection", Launches.__selections)))),
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
                .field(.init("launches", type: .nonNull(.list(.object("Launch", Launch.__selections))))),
            ]

            var __typename: String
            var cursor: String
            var launches: [Launch?]

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.cursor = try object.decode("cursor")
                self.launches = try object.decode("launches")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: [
                    "__typename": __typename.responseValue,
                    "cursor": cursor.responseValue,
                    "launches": launches.responseValue,
                ])
            }

            struct Launch: SelectionSet {
                static let __parentType = "Launch"
                static let __selections: [Selection] = [
                    .field(.init("__typename", type: .nonNull(.scalar("String")))),
                    .field(.init("id", type: .nonNull(.scalar("ID")))),
                    .field(.init("site", type: .scalar("String"))),
                    .field(.init("isBooked", type: .nonNull(.scalar("Boolean")))),
                    .field(.init("rocket", type: .object("Rocket", Rocket.__selections))),
                ]

                var __typename: String
                var id: String
                var site: String?
                var isBooked: Bool
                var rocket: Rocket?

                init(from object: ResponseObject) throws {
                    self.__typename = try object.decode("__typename")
                    self.id = try object.decode("id")
                    self.site = try object.decode("site")
                    self.isBooked = try object.decode("isBooked")
                    self.rocket = try object.decode("rocket")
                }

                var __fields: JSONObject {
                    JSONObject(responseFields: [
                        "__typename": __typename.responseValue,
                        "id": id.responseValue,
                        "site": site.responseValue,
                        "isBooked": isBooked.responseValue,
                        "rocket": rocket.responseValue,
                    ])
                }

                struct Rocket: SelectionSet {
                    static let __parentType = "Rocket"
                    static let __selections: [Selection] = [
                        .field(.init("__typename", type: .nonNull(.scalar("String")))),
                        .field(.init("id", type: .nonNull(.scalar("ID")))),
                        .field(.init("name", type: .scalar("String"))),
                        .field(.init("type", type: .scalar("String"))),
                    ]

                    var __typename: String
                    var id: String
                    var name: String?
                    var type: String?

                    init(from object: ResponseObject) throws {
                        self.__typename = try object.decode("__typename")
                        self.id = try object.decode("id")
                        self.name = try object.decode("name")
                        self.type = try object.decode("type")
                    }

                    var __fields: JSONObject {
                        JSONObject(responseFields: [
                            "__typename": __typename.responseValue,
                            "id": id.responseValue,
                            "name": name.responseValue,
                            "type": type.responseValue,
                        ])
                    }
                }
            }
        }
    }
}
