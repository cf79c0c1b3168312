import Apogee

/// `query LaunchAndMe($id: ID!) { launch(id: $id) { __typename id site } me { __typename email } }`:
/// with an unknown token the server fails `me` alone, which gives partial data with an error.
struct LaunchAndMeQuery: GraphQLQuery {
    static let operationName = "LaunchAndMe"
    static let document = "query LaunchAndMe($id: ID!) { launch(id: $id) { __typename id site } me { __typename email } }"

    var id: String

    var variables: [InputField] {
        InputField.fields(["id": id.inputValue])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launch", arguments: [.init("id", .variable("id"))], type: .object("Launch", LaunchSiteQuery.Data.Launch.__selections))),
            .field(.init("me", type: .object("User", Me.__selections))),
        ]

        var launch: LaunchSiteQuery.Data.Launch?
        var me: Me?

        init(from object: ResponseObject) throws {
            self.launch = try object.decode("launch")
            self.me = try object.decode("me")
        }

        var __fields: JSONObject {
            JSONObject(responseFields: ["launch": launch.responseValue, "me": me.responseValue])
        }

        struct Me: SelectionSet {
            static let __parentType = "User"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("email", type: .nonNull(.scalar("String")))),
            ]

            var __typename: String
            var email: String

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.email = try object.decode("email")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: ["__typename": __typename.responseValue, "email": email.responseValue])
            }
        }
    }
}
