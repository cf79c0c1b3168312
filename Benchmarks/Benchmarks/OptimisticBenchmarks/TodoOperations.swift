// Hand-written in the shape code generation emits (see Tests/ApogeeAPITests/ContractOperation.swift).
import ApogeeAPI

/// `fragment TodoRow on Todo { id text complete }`
struct TodoRow: Fragment {
    static let fragmentName = "TodoRow"
    static let __parentType = "Todo"
    static let __typeCondition = Selection.TypeCondition("Todo", possibleTypes: ["Todo"])
    static let fragmentDefinition = "fragment TodoRow on Todo { __typename id text complete }"
    static let __selections: [Selection] = [
        .field(.init("__typename", type: .nonNull(.scalar("String")))),
        .field(.init("id", type: .nonNull(.scalar("ID")))),
        .field(.init("text", type: .nonNull(.scalar("String")))),
        .field(.init("complete", type: .nonNull(.scalar("Boolean")))),
    ]

    var __typename: String
    var id: String
    var text: String
    var complete: Bool

    init(from object: ResponseObject) throws {
        self.__typename = try object.decode("__typename")
        self.id = try object.decode("id")
        self.text = try object.decode("text")
        self.complete = try object.decode("complete")
    }

    var __fields: JSONObject {
        JSONObject(responseFields: [
            "__typename": __typename.responseValue,
            "id": id.responseValue,
            "text": text.responseValue,
            "complete": complete.responseValue,
        ])
    }
}

/// `mutation MarkTodos($ids: [ID!]!) { markTodos(ids: $ids) { changedTodos { id complete } } }`:
/// one mutation whose answer changes several to-dos.
struct MarkTodosMutation: GraphQLMutation {
    static let operationName = "MarkTodos"
    static let document = "mutation MarkTodos($ids: [ID!]!) { markTodos(ids: $ids) { __typename changedTodos { __typename id complete } } }"

    var ids: [String]

    var variables: [InputField] {
        InputField.fields(["ids": ids.inputValue])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Mutation"
        static let __selections: [Selection] = [
            .field(.init("markTodos", arguments: [.init("ids", .variable("ids"))], type: .object("MarkTodosPayload", Payload.__selections))),
        ]

        var markTodos: Payload?

        init(from object: ResponseObject) throws {
            self.markTodos = try object.decode("markTodos")
        }

        var __fields: JSONObject {
            JSONObject(responseFields: ["markTodos": markTodos.responseValue])
        }

        struct Payload: SelectionSet {
            static let __parentType = "MarkTodosPayload"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("changedTodos", type: .nonNull(.list(.nonNull(.object("Todo", Todo.__selections)))))),
            ]

            var __typename: String
            var changedTodos: [Todo]

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.changedTodos = try object.decode("changedTodos")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: ["__typename": __typename.responseValue, "changedTodos": changedTodos.responseValue])
            }

            struct Todo: SelectionSet {
                static let __parentType = "Todo"
                static let __selections: [Selection] = [
                    .field(.init("__typename", type: .nonNull(.scalar("String")))),
                    .field(.init("id", type: .nonNull(.scalar("ID")))),
                    .field(.init("complete", type: .nonNull(.scalar("Boolean")))),
                ]

                var __typename: String
                var id: String
                var complete: Bool

                init(from object: ResponseObject) throws {
                    self.__typename = try object.decode("__typename")
                    self.id = try object.decode("id")
                    self.complete = try object.decode("complete")
                }

                var __fields: JSONObject {
                    JSONObject(responseFields: ["__typename": __typename.responseValue, "id": id.responseValue, "complete": complete.responseValue])
                }
            }
        }
    }
}
