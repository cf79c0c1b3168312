import Apogee

/// `mutation BookLaunches($ids: [ID]!) { bookTrips(launchIds: $ids) { __typename success message } }`:
/// without a token the server fails the non-null `bookTrips`, so `data` is `null`.
struct BookLaunchesMutation: GraphQLMutation {
    static let operationName = "BookLaunches"
    static let document = "mutation BookLaunches($ids: [ID]!) { bookTrips(launchIds: $ids) { __typename success message } }"

    var ids: [String?]

    var variables: [InputField] {
        InputField.fields(["ids": ids.inputValue])
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
                .field(.init("message", type: .scalar("String"))),
            ]

            var __typename: String
            var success: Bool
            var message: String?

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.success = try object.decode("success")
                self.message = try object.decode("message")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: ["__typename": __typename.responseValue, "success": success.responseValue, "message": message.responseValue])
            }
        }
    }
}
