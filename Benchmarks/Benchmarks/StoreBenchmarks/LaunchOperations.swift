// Hand-written in the shape code generation emits (see Tests/ApogeeAPITests/ContractOperation.swift).
import ApogeeAPI

/// `query Launch($id: ID!) { launch(id: $id) { id site isBooked } }`
struct LaunchQuery: GraphQLQuery {
    static let operationName = "Launch"
    static let document = "query Launch($id: ID!) { launch(id: $id) { __typename id site isBooked } }"

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
            ]

            var __typename: String
            var id: String
            var site: String?
            var isBooked: Bool

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.id = try object.decode("id")
                self.site = try object.decode("site")
                self.isBooked = try object.decode("isBooked")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: [
                    "__typename": __typename.responseValue,
                    "id": id.responseValue,
                    "site": site.responseValue,
                    "isBooked": isBooked.responseValue,
                ])
            }
        }
    }
}

/// `mutation BookTrips($ids: [ID!]!) { bookTrips(launchIds: $ids) { success launches { id isBooked } } }`
struct BookTripsMutation: GraphQLMutation {
    static let operationName = "BookTrips"
    static let document = "mutation BookTrips($ids: [ID!]!) { bookTrips(launchIds: $ids) { __typename success launches { __typename id isBooked } } }"

    var ids: [String]

    var variables: [InputField] {
        InputField.fields(["ids": .list(ids.map(\.inputValue))])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Mutation"
        static let __selections: [Selection] = [
            .field(.init("bookTrips", arguments: [.init("launchIds", .variable("ids"))], type: .nonNull(.object("TripUpdateResponse", BookTrips.__selections)))),
        ]

        var bookTrips: BookTrips

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
                .field(.init("launches", type: .list(.object("Launch", Launch.__selections)))),
            ]

            var __typename: String
            var success: Bool
            var launches: [Launch?]?

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.success = try object.decode("success")
                self.launches = try object.decode("launches")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: [
                    "__typename": __typename.responseValue,
                    "success": success.responseValue,
                    "launches": launches.responseValue,
                ])
            }

            struct Launch: SelectionSet {
                static let __parentType = "Launch"
                static let __selections: [Selection] = [
                    .field(.init("__typename", type: .nonNull(.scalar("String")))),
                    .field(.init("id", type: .nonNull(.scalar("ID")))),
                    .field(.init("isBooked", type: .nonNull(.scalar("Boolean")))),
                ]

                var __typename: String
                var id: String
                var isBooked: Bool

                init(from object: ResponseObject) throws {
                    self.__typename = try object.decode("__typename")
                    self.id = try object.decode("id")
                    self.isBooked = try object.decode("isBooked")
                }

                var __fields: JSONObject {
                    JSONObject(responseFields: [
                        "__typename": __typename.responseValue,
                        "id": id.responseValue,
                        "isBooked": isBooked.responseValue,
                    ])
                }
            }
        }
    }
}
