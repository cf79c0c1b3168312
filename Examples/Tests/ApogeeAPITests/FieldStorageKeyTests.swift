@testable import ApogeeAPI
import Testing

/// A field's storage key is the format of every persisted record's field names, so the key
/// written straight from the arguments must be the very text of resolving them into a JSON
/// object first, which is how the key was defined.
@Suite("Field storage keys")
struct FieldStorageKeyTests {
    /// What the key was defined as: the arguments resolved into an object, absent variables
    /// left out, then written as canonical JSON.
    static func definition(_ field: Selection.Field, variables: JSONObject) -> String {
        var resolved = JSONObject()
        for argument in field.arguments {
            if case .variable(let variable) = argument.value, variables[variable] == nil { continue }
            resolved[argument.name] = argument.value.resolved(with: variables)
        }
        return FieldStorageKey.make(name: field.name, arguments: resolved)
    }

    static func key(_ field: Selection.Field, variables: JSONObject) -> String {
        field.constantStorageKey ?? FieldStorageKey.make(name: field.name, argumentsByName: field.argumentsByName, variables: variables)
    }

    static let field = Selection.Field(
        "search",
        arguments: [
            .init("text", .variable("text")),
            .init("first", .literal(.int(10))),
            .init("after", .variable("cursor")),
            .init("kinds", .list([.literal(.string("A")), .variable("kind")])),
            .init("filter", .object([.init("z", .variable("z")), .init("a", .literal(.double(1.5))), .init("m", .literal(.null))])),
        ],
        type: .scalar("String")
    )

    @Test(
        "written from the arguments, the key is the text of the resolved object, whichever variables are given",
        arguments: [
            [:],
            ["text": .string("moon \"landing\"\n")],
            ["text": .string("x"), "cursor": .string("c2"), "kind": .string("B"), "z": .bool(true)],
            ["cursor": .null, "kind": .int(-3), "z": .array([.int(1), .object(["b": .int(2), "a": .int(1)])])],
        ] as [JSONObject]
    )
    func sameAsDefinition(variables: JSONObject) {
        #expect(Self.field.constantStorageKey == nil)
        #expect(Self.key(Self.field, variables: variables) == Self.definition(Self.field, variables: variables))
    }

    @Test("arguments are sorted by name, absent variables are left out, and a list's absent variable is null")
    func spelledOut() {
        let key = Self.key(Self.field, variables: ["text": .string("moon")])
        #expect(key == #"search({"filter":{"a":1.5,"m":null,"z":null},"first":10,"kinds":["A",null],"text":"moon"})"#)
    }

    @Test("a field whose arguments are all literals has one key, worked out once")
    func constant() {
        let field = Selection.Field("launches", arguments: [.init("pageSize", .literal(.int(3))), .init("after", .literal(.string("c")))], type: .scalar("String"))
        #expect(field.constantStorageKey == #"launches({"after":"c","pageSize":3})"#)
        #expect(field.constantStorageKey == Self.definition(field, variables: [:]))
        #expect(Selection.Field("me", type: .scalar("String")).constantStorageKey == "me")
    }

    @Test("a field whose only argument's variable is absent is stored under its bare name")
    func allAbsent() {
        let field = Selection.Field("launch", arguments: [.init("id", .variable("id"))], type: .scalar("String"))
        #expect(Self.key(field, variables: [:]) == "launch")
        #expect(Self.key(field, variables: ["id": .string("25")]) == #"launch({"id":"25"})"#)
    }

    @Test("the remembered key of a field with variables follows every change of their values, and each set gives the key it defines")
    func rememberedKeyFollowsVariables() {
        let field = Selection.Field(
            "counterTicks",
            arguments: [.init("id", .variable("id")), .init("count", .variable("count")), .init("first", .literal(.int(2)))],
            type: .scalar("Int")
        )
        let sequence: [JSONObject] = [
            ["id": .string("c1"), "count": .int(5)],
            ["id": .string("c1"), "count": .int(5)],
            ["id": .string("c2"), "count": .int(5)],
            ["id": .string("c2")],
            [:],
            ["id": .string("c2"), "count": .null],
            ["id": .string("c2"), "count": .int(5), "unrelated": .bool(true)],
            ["id": .int(2), "count": .int(5)],
        ]
        for variables in sequence {
            #expect(field.variableStorageKey(with: variables) == Self.definition(field, variables: variables))
        }
    }

    @Test("a field whose variable sits inside a list or an input object is written afresh, right each time")
    func nestedVariables() {
        for variables in [["kind": .string("A")], ["kind": .string("B")], [:], ["kind": .string("B"), "z": .int(1)]] as [JSONObject] {
            #expect(Self.field.variableStorageKey(with: variables) == Self.definition(Self.field, variables: variables))
        }
    }

    @Test("writers on many tasks at once, each with its own variables, each get their own key")
    func rememberedKeyUnderConcurrency() async {
        let field = Selection.Field("launch", arguments: [.init("id", .variable("id"))], type: .scalar("String"))
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<500 {
                        let id = "\(writer)-\(round % 3)"
                        if field.variableStorageKey(with: ["id": .string(id)]) != #"launch({"id":""# + id + #""})"# { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
