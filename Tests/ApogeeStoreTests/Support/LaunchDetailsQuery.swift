// Hand-written in the shape code generation emits (see Tests/ApogeeAPITests/ContractOperation.swift).
import ApogeeAPI

/// `query LaunchDetails($id: ID!) { launch(id: $id) { id site isBooked mission { name missionPatch(size: LARGE) } } }`
struct LaunchDetailsQuery: GraphQLQuery {
    static let operationName = "LaunchDetails"
    static let document = "query LaunchDetails($id: ID!) { launch(id: $id) { __typename id site isBooked mission { __typename name missionPatch(size: LARGE) } } }"

    var id: String

    var variables: [InputField] {
        InputField.fields(["id": id.inputValue])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launch", arguments: [.init("id", .variable("id"))], type: .object("Launch", Launch.__selections))),
        ]

        var launch: Launch?

        init(launch: Launch?) {
            self.launch = launch
        }

        init(from object: ResponseObject) throws {
            self.launch = try object.decode("launch")
        }

        var __fields: JSONObject {
            JSONObject(responseFields: ["launch": launch.responseValue])
        }

        struct Launch: SelectionSet {
            static let __parentType = "Launch"
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
                    .field(.init("missionPatch", arguments: [.init("size", .literal("LARGE"))], type: .scalar("String"))),
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
    }
}
