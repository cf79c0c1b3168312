import Apogee

/// `query LaunchSite($id: ID!) { launch(id: $id) { __typename id site } }`, written by hand
/// in the generated shape so that client tests do not depend on code generation.
struct LaunchSiteQuery: GraphQLQuery {
    static let operationName = "LaunchSite"
    static let document = "query LaunchSite($id: ID!) { launch(id: $id) { __typename id site } }"

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
            ]

            var __typename: String
            var id: String
            var site: String?

            init(__typename: String = "Launch", id: String, site: String?) {
                self.__typename = __typename
                self.id = id
                self.site = site
            }

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.id = try object.decode("id")
                self.site = try object.decode("site")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: ["__typename": __typename.responseValue, "id": id.responseValue, "site": site.responseValue])
            }
        }
    }
}
