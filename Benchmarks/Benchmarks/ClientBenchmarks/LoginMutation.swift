import Apogee

/// `mutation Login($email: String!) { login(email: $email) { __typename id email token } }`, in
/// the shape code generation emits: a small mutation whose round trip the benchmarks time.
struct LoginMutation: GraphQLMutation {
    static let operationName = "Login"
    static let document = "mutation Login($email: String!) { login(email: $email) { __typename id email token } }"

    var email: String

    var variables: [InputField] {
        InputField.fields(["email": email.inputValue])
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
                .field(.init("email", type: .nonNull(.scalar("String")))),
                .field(.init("token", type: .scalar("String"))),
            ]

            var __typename: String
            var id: String
            var email: String
            var token: String?

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.id = try object.decode("id")
                self.email = try object.decode("email")
                self.token = try object.decode("token")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: [
                    "__typename": __typename.responseValue, "id": id.responseValue,
                    "email": email.responseValue, "token": token.responseValue,
                ])
            }
        }
    }
}
