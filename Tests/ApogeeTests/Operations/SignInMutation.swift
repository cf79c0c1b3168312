import Apogee

/// `mutation SignIn($email: String) { login(email: $email) { __typename id token } }`.
struct SignInMutation: GraphQLMutation {
    static let operationName = "SignIn"
    static let document = "mutation SignIn($email: String) { login(email: $email) { __typename id token } }"

    var email: GraphQLNullable<String>

    var variables: [InputField] {
        InputField.fields(["email": email.inputValueIfPresent])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Mutation"
        static let __selections: [Selection] = [
            .field(.init("login", arguments: [.init("email", .variable("email"))], type: .object("User", Login.__selections))),
        ]

        var login: Login?

        init(from object: ResponseObject) throws {
            self.login = try object.decode("login")
        }

        var __fields: JSONObject {
            JSONObject(responseFields: ["login": login.responseValue])
        }

        struct Login: SelectionSet {
            static let __parentType = "User"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("id", type: .nonNull(.scalar("ID")))),
                .field(.init("token", type: .scalar("String"))),
            ]

            var __typename: String
            var id: String
            var token: String?

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.id = try object.decode("id")
                self.token = try object.decode("token")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: ["__typename": __typename.responseValue, "id": id.responseValue, "token": token.responseValue])
            }
        }
    }
}
