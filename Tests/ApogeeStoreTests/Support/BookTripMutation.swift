// Copied from Tests/ApogeeAPITests/ContractOperation.swift: the shape code generation emits.
import ApogeeAPI

/// `mutation BookTrip($id: ID!) { bookTrips(launchIds: [$id]) { success message launches { ...LaunchTile } } }`
struct BookTripMutation: GraphQLMutation {
    static let operationName = "BookTrip"
    static let document = """
        mutation BookTrip($id: ID!) { bookTrips(launchIds: [$id]) { __typename success message launches { __typename ...LaunchTile } } } \
        fragment LaunchTile on Launch { __typename id site isBooked mission { __typename name missionPatch(size: SMALL) } }
        """

    var id: String

    init(id: String) {
        self.id = id
    }

    var variables: [InputField] {
        InputField.fields(["id": id.inputValue])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Mutation"
        static let __selections: [Selection] = [
            .field(.init("bookTrips", arguments: [.init("launchIds", .list([.variable("id")]))], type: .nonNull(.object("TripUpdateResponse", BookTrips.__selections)))),
        ]

        var bookTrips: BookTrips

        init(bookTrips: BookTrips) {
            self.bookTrips = bookTrips
        }

        init(from object: ResponseObject) throws {
            self.bookTrips = try object.decode("bookTrips")
        }

        var __fields: JSONObject {
            JSONObject(responseFields: ["bookTrips": bookTrips.responseValue])
        }

        struct BookTrips: SelectionSet {
            static let __parentType = "TripUpdateResponse"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("success", type: .nonNull(.scalar("Boolean")))),
                .field(.init("message", type: .scalar("String"))),
                .field(.init("launches", type: .list(.object("Launch", Launch.__selections)))),
            ]

            var __typename: String
            var success: Bool
            var message: String?
            var launches: [Launch?]?

            init(__typename: String = "TripUpdateResponse", success: Bool, message: String?, launches: [Launch?]?) {
                self.__typename = __typename
                self.success = success
                self.message = message
                self.launches = launches
            }

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.success = try object.decode("success")
                self.message = try object.decode("message")
                self.launches = try object.decode("launches")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: [
                    "__typename": __typename.responseValue,
                    "success": success.responseValue,
                    "message": message.responseValue,
                    "launches": launches.responseValue,
                ])
            }

            struct Launch: SelectionSet {
                static let __parentType = "Launch"
                static let __selections: [Selection] = [
                    .field(.init("__typename", type: .nonNull(.scalar("String")))),
                    .fragmentSpread(.init(LaunchTile.self)),
                ]

                var __typename: String
                var fragments: Fragments

                init(__typename: String = "Launch", fragments: Fragments) {
                    self.__typename = __typename
                    self.fragments = fragments
                }

                init(from object: ResponseObject) throws {
                    self.__typename = try object.decode("__typename")
                    self.fragments = try Fragments(from: object)
                }

                var __fields: JSONObject {
                    var fields = JSONObject(responseFields: ["__typename": __typename.responseValue])
                    fields.mergeDeeply(fragments.launchTile.__fields)
                    return fields
                }

                struct Fragments: Hashable, Sendable {
                    var launchTile: LaunchTile

                    init(launchTile: LaunchTile) {
                        self.launchTile = launchTile
                    }

                    init(from object: ResponseObject) throws {
                        self.launchTile = try LaunchTile(from: object)
                    }
                }
            }
        }
    }
}

/// `fragment LaunchTile on Launch { id site isBooked mission { name missionPatch(size: SMALL) } }`
struct LaunchTile: Fragment {
    static let fragmentName = "LaunchTile"
    static let __parentType = "Launch"
    static let __typeCondition = Selection.TypeCondition("Launch", possibleTypes: ["Launch"])
    static let fragmentDefinition = "fragment LaunchTile on Launch { __typename id site isBooked mission { __typename name missionPatch(size: SMALL) } }"
    static let __selections: [Selection] = [
        .field(.init("__typename", type: .nonNull(.scalar("String")))),
        .field(.init("id", type: .nonNull(.scalar("ID")))),
        .field(.init("site", type: .scalar("String"))),
        .field(.init("isBooked", type: .nonNull(.scalar("Boolean")))),
        .field(.init("mission", type: .object("Mission", Mission.__selections))),
    ]

    var __typename: String
    var id: String
    var site: String?
    var isBooked: Bool
    var mission: Mission?

    init(__typename: String = "Launch", id: String, site: String?, isBooked: Bool, mission: Mission?) {
        self.__typename = __typename
        self.id = id
        self.site = site
        self.isBooked = isBooked
        self.mission = mission
    }

    init(from object: ResponseObject) throws {
        self.__typename = try object.decode("__typename")
        self.id = try object.decode("id")
        self.site = try object.decode("site")
        self.isBooked = try object.decode("isBooked")
        self.mission = try object.decode("mission")
    }

    var __fields: JSONObject {
        JSONObject(responseFields: [
            "__typename": __typename.responseValue,
            "id": id.responseValue,
            "site": site.responseValue,
            "isBooked": isBooked.responseValue,
            "mission": mission.responseValue,
        ])
    }

    struct Mission: SelectionSet {
        static let __parentType = "Mission"
        static let __selections: [Selection] = [
            .field(.init("__typename", type: .nonNull(.scalar("String")))),
            .field(.init("name", type: .scalar("String"))),
            .field(.init("missionPatch", arguments: [.init("size", .literal("SMALL"))], type: .scalar("String"))),
        ]

        var __typename: String
        var name: String?
        var missionPatch: String?

        init(__typename: String = "Mission", name: String?, missionPatch: String?) {
            self.__typename = __typename
            self.name = name
            self.missionPatch = missionPatch
        }

        init(from object: ResponseObject) throws {
            self.__typename = try object.decode("__typename")
            self.name = try object.decode("name")
            self.missionPatch = try object.decode("missionPatch")
        }

        var __fields: JSONObject {
            JSONObject(responseFields: [
                "__typename": __typename.responseValue,
                "name": name.responseValue,
                "missionPatch": missionPatch.responseValue,
            ])
        }
    }
}
