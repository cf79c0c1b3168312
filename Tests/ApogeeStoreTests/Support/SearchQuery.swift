// Hand-written in the shape code generation emits.
import ApogeeAPI

/// `query Search($text: String!) { search(text: $text) { __typename ... on Launch { id site } ... on Rocket { id name } ...NodeID } }`
/// where `union SearchResult = Launch | Rocket | Mission` and `fragment NodeID on Node { id }`
/// (`Launch` and `Rocket` implement `Node`; `Mission` does not).
struct SearchQuery: GraphQLQuery {
    static let operationName = "Search"
    static let document = "query Search($text: String!) { search(text: $text) { __typename ... on Launch { __typename id site } ... on Rocket { __typename id name } ...NodeID } } fragment NodeID on Node { __typename id }"

    var text: String

    var variables: [InputField] {
        InputField.fields(["text": text.inputValue])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("search", arguments: [.init("text", .variable("text"))], type: .nonNull(.list(.nonNull(.object("SearchResult", Search.__selections)))))),
        ]

        var search: [Search]

        init(search: [Search]) {
            self.search = search
        }

        init(from object: ResponseObject) throws {
            self.search = try object.decode("search")
        }

        var __fields: JSONObject {
            JSONObject(responseFields: ["search": search.responseValue])
        }

        struct Search: SelectionSet {
            static let __parentType = "SearchResult"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .inlineFragment(.init(on: .init("Launch", possibleTypes: ["Launch"]), selections: AsLaunch.__selections)),
                .inlineFragment(.init(on: .init("Rocket", possibleTypes: ["Rocket"]), selections: AsRocket.__selections)),
                .fragmentSpread(.init(NodeID.self)),
            ]

            var __typename: String
            var asLaunch: AsLaunch?
            var asRocket: AsRocket?
            var nodeID: NodeID?

            init(__typename: String, asLaunch: AsLaunch? = nil, asRocket: AsRocket? = nil, nodeID: NodeID? = nil) {
                self.__typename = __typename
                self.asLaunch = asLaunch
                self.asRocket = asRocket
                self.nodeID = nodeID
            }

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.asLaunch = __typename == "Launch" ? try AsLaunch(from: object) : nil
                self.asRocket = __typename == "Rocket" ? try AsRocket(from: object) : nil
                self.nodeID = NodeID.__typeCondition.matches(__typename) ? try NodeID(from: object) : nil
            }

            var __fields: JSONObject {
                var fields = JSONObject(responseFields: ["__typename": __typename.responseValue])
                if let asLaunch { fields.mergeDeeply(asLaunch.__fields) }
                if let asRocket { fields.mergeDeeply(asRocket.__fields) }
                if let nodeID { fields.mergeDeeply(nodeID.__fields) }
                return fields
            }

            struct AsLaunch: SelectionSet {
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

            struct AsRocket: SelectionSet {
                static let __parentType = "Rocket"
                static let __selections: [Selection] = [
                    .field(.init("__typename", type: .nonNull(.scalar("String")))),
                    .field(.init("id", type: .nonNull(.scalar("ID")))),
                    .field(.init("name", type: .scalar("String"))),
                ]

                var __typename: String
                var id: String
                var name: String?

                init(__typename: String = "Rocket", id: String, name: String?) {
                    self.__typename = __typename
                    self.id = id
                    self.name = name
                }

                init(from object: ResponseObject) throws {
                    self.__typename = try object.decode("__typename")
                    self.id = try object.decode("id")
                    self.name = try object.decode("name")
                }

                var __fields: JSONObject {
                    JSONObject(responseFields: ["__typename": __typename.responseValue, "id": id.responseValue, "name": name.responseValue])
                }
            }
        }
    }
}

/// `fragment NodeID on Node { id }`
struct NodeID: Fragment {
    static let fragmentName = "NodeID"
    static let __parentType = "Node"
    static let __typeCondition = Selection.TypeCondition("Node", possibleTypes: ["Launch", "Rocket"])
    static let fragmentDefinition = "fragment NodeID on Node { __typename id }"
    static let __selections: [Selection] = [
        .field(.init("__typename", type: .nonNull(.scalar("String")))),
        .field(.init("id", type: .nonNull(.scalar("ID")))),
    ]

    var __typename: String
    var id: String

    init(__typename: String, id: String) {
        self.__typename = __typename
        self.id = id
    }

    init(from object: ResponseObject) throws {
        self.__typename = try object.decode("__typename")
        self.id = try object.decode("id")
    }

    var __fields: JSONObject {
        JSONObject(responseFields: ["__typename": __typename.responseValue, "id": id.responseValue])
    }
}
