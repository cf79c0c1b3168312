// The shape code generation emits, written by hand: the contract between the generator,
// the runtime and the client. Code generation's golden files must match this style.
@testable import ApogeeAPI

/// `mutation BookTrip($id: ID!) { bookTrips(launchIds: [$id]) { success message launches { ...LaunchTile } } }`
public nonisolated struct BookTripMutation: GraphQLMutation {
    public static let operationName = "BookTrip"
    public static let document = """
        mutation BookTrip($id: ID!) { bookTrips(launchIds: [$id]) { __typename success message launches { __typename ...LaunchTile } } } \
        fragment LaunchTile on Launch { __typename id site isBooked mission { __typename name missionPatch(size: SMALL) } }
        """

    public var id: String

    public init(id: String) {
        self.id = id
    }

    public var variables: [InputField] {
        InputField.fields(["id": id.inputValue])
    }

    public nonisolated struct Data: RootSelectionSet {
        public static let __parentType = "Mutation"
        public static let __selections: [Selection] = [
            .field(.init("bookTrips", arguments: [.init("launchIds", .list([.variable("id")]))], type: .nonNull(.object("TripUpdateResponse", BookTrips.__selections)))),
        ]

        public var bookTrips: BookTrips

        public init(bookTrips: BookTrips) {
            self.bookTrips = bookTrips
        }

        public init(from object: ResponseObject) throws {
            self.bookTrips = try object.decode("bookTrips")
        }

        public var __fields: JSONObject {
            JSONObject(responseFields: ["bookTrips": bookTrips.responseValue])
        }

        public nonisolated struct BookTrips: SelectionSet {
            public static let __parentType = "TripUpdateResponse"
            public static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("success", type: .nonNull(.scalar("Boolean")))),
                .field(.init("message", type: .scalar("String"))),
                .field(.init("launches", type: .list(.object("Launch", Launch.__selections)))),
            ]

            public var __typename: String
            public var success: Bool
            public var message: String?
            public var launches: [Launch?]?

            public init(__typename: String = "TripUpdateResponse", success: Bool, message: String?, launches: [Launch?]?) {
                self.__typename = __typename
                self.success = success
                self.message = message
                self.launches = launches
            }

            public init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.success = try object.decode("success")
                self.message = try object.decode("message")
                self.launches = try object.decode("launches")
            }

            public var __fields: JSONObject {
                JSONObject(responseFields: [
                    "__typename": __typename.responseValue,
                    "success": success.responseValue,
                    "message": message.responseValue,
                    "launches": launches.responseValue,
                ])
            }

            public nonisolated struct Launch: SelectionSet {
                public static let __parentType = "Launch"
                public static let __selections: [Selection] = [
                    .field(.init("__typename", type: .nonNull(.scalar("String")))),
                    .fragmentSpread(.init(LaunchTile.self)),
                ]

                public var __typename: String
                public var fragments: Fragments

                public init(__typename: String = "Launch", fragments: Fragments) {
                    self.__typename = __typename
                    self.fragments = fragments
                }

                public init(from object: ResponseObject) throws {
                    self.__typename = try object.decode("__typename")
                    self.fragments = try Fragments(from: object)
                }

                public var __fields: JSONObject {
                    var fields = JSONObject(responseFields: ["__typename": __typename.responseValue])
                    fields.mergeDeeply(fragments.launchTile.__fields)
                    return fields
                }

                public nonisolated struct Fragments: Hashable, Sendable {
                    public var launchTile: LaunchTile

                    public init(launchTile: LaunchTile) {
                        self.launchTile = launchTile
                    }

                    public init(from object: ResponseObject) throws {
                        self.launchTile = try LaunchTile(from: object)
                    }
                }
            }
        }
    }
}

/// `fragment LaunchTile on Launch { id site isBooked mission { name missionPatch(size: SMALL) } }`
public nonisolated struct LaunchTile: Fragment {
    public static let fragmentName = "LaunchTile"
    public static let __parentType = "Launch"
    public static let __typeCondition = Selection.TypeCondition("Launch", possibleTypes: ["Launch"])
    public static let fragmentDefinition = "fragment LaunchTile on Launch { __typename id site isBooked mission { __typename name missionPatch(size: SMALL) } }"
    public static let __selections: [Selection] = [
        .field(.init("__typename", type: .nonNull(.scalar("String")))),
        .field(.init("id", type: .nonNull(.scalar("ID")))),
        .field(.init("site", type: .scalar("String"))),
        .field(.init("isBooked", type: .nonNull(.scalar("Boolean")))),
        .field(.init("mission", type: .object("Mission", Mission.__selections))),
    ]

    public var __typename: String
    public var id: String
    public var site: String?
    public var isBooked: Bool
    public var mission: Mission?

    public init(__typename: String = "Launch", id: String, site: String?, isBooked: Bool, mission: Mission?) {
        self.__typename = __typename
        self.id = id
        self.site = site
        self.isBooked = isBooked
        self.mission = mission
    }

    public init(from object: ResponseObject) throws {
        self.__typename = try object.decode("__typename")
        self.id = try object.decode("id")
        self.site = try object.decode("site")
        self.isBooked = try object.decode("isBooked")
        self.mission = try object.decode("mission")
    }

    public var __fields: JSONObject {
        JSONObject(responseFields: [
            "__typename": __typename.responseValue,
            "id": id.responseValue,
            "site": site.responseValue,
            "isBooked": isBooked.responseValue,
            "mission": mission.responseValue,
        ])
    }

    public nonisolated struct Mission: SelectionSet {
        public static let __parentType = "Mission"
        public static let __selections: [Selection] = [
            .field(.init("__typename", type: .nonNull(.scalar("String")))),
            .field(.init("name", type: .scalar("String"))),
            .field(.init("missionPatch", arguments: [.init("size", .literal("SMALL"))], type: .scalar("String"))),
        ]

        public var __typename: String
        public var name: String?
        public var missionPatch: String?

        public init(__typename: String = "Mission", name: String?, missionPatch: String?) {
            self.__typename = __typename
            self.name = name
            self.missionPatch = missionPatch
        }

        public init(from object: ResponseObject) throws {
            self.__typename = try object.decode("__typename")
            self.name = try object.decode("name")
            self.missionPatch = try object.decode("missionPatch")
        }

        public var __fields: JSONObject {
            JSONObject(responseFields: [
                "__typename": __typename.responseValue,
                "name": name.responseValue,
                "missionPatch": missionPatch.responseValue,
            ])
        }
    }
}

/// `enum PatchSize { SMALL LARGE }`
public nonisolated enum PatchSize: EnumValue, CaseIterable {
    case small
    case large
    /// A value the schema did not have when this code was generated.
    case unknown(String)

    public static let allCases: [PatchSize] = [.small, .large]

    public init(rawValue: String) {
        switch rawValue {
        case "SMALL": self = .small
        case "LARGE": self = .large
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .small: "SMALL"
        case .large: "LARGE"
        case .unknown(let value): value
        }
    }
}

/// `input ReviewInput { stars: Int! commentary: String favoriteSize: PatchSize }`
public nonisolated struct ReviewInput: InputObject {
    public var stars: Int
    public var commentary: GraphQLNullable<String>
    public var favoriteSize: GraphQLNullable<PatchSize>

    public init(stars: Int, commentary: GraphQLNullable<String> = nil, favoriteSize: GraphQLNullable<PatchSize> = nil) {
        self.stars = stars
        self.commentary = commentary
        self.favoriteSize = favoriteSize
    }

    public var fields: [InputField] {
        InputField.fields([
            "stars": stars.inputValue,
            "commentary": commentary.inputValueIfPresent,
            "favoriteSize": favoriteSize.inputValueIfPresent,
        ])
    }
}
