@testable import ApogeeAPI
import CodegenFixtureReviews
import CodegenFixtureTodo
import Testing

/// Generated selection sets: type cases, conditional fields, fragments and client directives
/// decode, encode and carry the metadata the store reads.
@Suite("Generated selection sets")
struct SelectionSetTests {
    let heroJSON: JSONObject = [
        "hero": ["__typename": "Human", "name": "Luke", "id": "1000", "homePlanet": "Tatooine"],
        "search": [
            ["__typename": "Droid", "name": "R2-D2"],
            ["__typename": "Review", "stars": 5, "episode": "JEDI", "commentary": "Best"],
        ],
        "topReviews": [[
            "__typename": "Review", "stars": 4,
            "type": ["__typename": "Category", "name": "Sequel"],
            "self": ["__typename": "Review", "stars": 4],
        ]],
    ]

    @Test func typeCasesHoldTheParentFieldsAndTheirOwn() throws {
        let data = try HeroAndSearchQuery.Data(json: heroJSON)
        let hero = try #require(data.hero)
        #expect(hero.name == "Luke")
        #expect(hero.asHuman?.homePlanet == "Tatooine")
        #expect(hero.asHuman?.name == "Luke")
        #expect(hero.asDroid == nil)
        #expect(hero.fragments.characterID.id == "1000")
        #expect(data.search[0].asCharacter?.name == "R2-D2")
        #expect(data.search[0].asReview == nil)
        #expect(data.search[1].asReview?.episode == .jedi)
        // A fragment on a narrower type is there only for objects of that type; a fragment
        // under @include is there only when its fields came back.
        #expect(data.search[1].fragments.reviewStars?.commentary == "Best")
        #expect(data.search[0].fragments.reviewStars == nil)
        #expect(data.search[0].fragments.characterID == nil)
        #expect(data.topReviews.first?.stars == 4)
        // `type` and `self` name fields; their nested types avoid `Type` and `Self`.
        let review: HeroAndSearchQuery.Data.TopReview? = data.topReviews.first
        let category: HeroAndSearchQuery.Data.TopReview.Type_? = review?.type
        #expect(category?.name == "Sequel")
        let selfReview: HeroAndSearchQuery.Data.TopReview.Self_? = review?.`self`
        #expect(selfReview?.stars == 4)
    }

    @Test func includedFragmentSpreadsAreReadWhenPresent() throws {
        var json = heroJSON
        json["search"] = [["__typename": "Droid", "name": "R2-D2", "id": "2001"]]
        let data = try HeroAndSearchQuery.Data(json: json)
        #expect(data.search[0].fragments.characterID?.id == "2001")
        #expect(data.search[0].asCharacter?.fragments.characterID?.id == "2001")
    }

    @Test func skippedConditionalFieldsAreNil() throws {
        var json = heroJSON
        json["hero"] = ["__typename": "Human", "name": "Luke", "id": "1000"]
        let data = try HeroAndSearchQuery.Data(json: json)
        #expect(data.hero?.asHuman != nil)
        #expect(data.hero?.asHuman?.homePlanet == nil)
    }

    @Test func encodingRoundTrips() throws {
        let data = try HeroAndSearchQuery.Data(json: heroJSON)
        #expect(data.__fields == heroJSON)
    }

    @Test func dataIsConstructible() throws {
        let hero = HeroAndSearchQuery.Data.Hero(
            __typename: "Droid", name: "C-3PO",
            asDroid: .init(name: "C-3PO", primaryFunction: "Protocol", fragments: .init(characterID: .init(__typename: "Droid", id: "2000"))),
            fragments: .init(characterID: .init(__typename: "Droid", id: "2000")))
        let data = HeroAndSearchQuery.Data(hero: hero, search: [], topReviews: [])
        let decoded = try HeroAndSearchQuery.Data(json: data.__fields)
        #expect(decoded == data)
        #expect(decoded.hero?.asDroid?.primaryFunction == "Protocol")
    }

    @Test func clientDirectivesStayInTheMetadataAndLeaveTheDocument() throws {
        #expect(!TodoListQuery.document.contains("@connection"))
        #expect(!TodoListQuery.document.contains("__id"))
        #expect(!AddTodoMutation.document.contains("@appendEdge"))
        #expect(!RemoveTodoMutation.document.contains("@deleteRecord"))
        #expect(TodoListQuery.document.contains("completedCount @skip(if: false) todos(first: $first, after: $after) { __typename edges {"))

        let user = try #require(TodoListQuery.Data.__selections.first?.fieldValue?.selections)
        let todos = try #require(user.compactMap(\.fieldValue).first { $0.name == "todos" })
        #expect(todos.directives == [.init("connection", arguments: [.init("key", .literal("TodoList_todos"))])])
        #expect(todos.arguments == [.init("first", .variable("first")), .init("after", .variable("after"))])
        #expect(todos.selections?.compactMap(\.fieldValue).contains { $0.isClientID } == true)
        let totalCount = try #require(user.compactMap(\.fieldValue).first { $0.name == "totalCount" })
        #expect(totalCount.conditions == [.include("withCounts")])

        let edge = try #require(AddTodoMutation.Data.AddTodo.__selections.compactMap(\.fieldValue).first { $0.name == "todoEdge" })
        #expect(edge.directives == [.init("appendEdge", arguments: [.init("connections", .variable("connections"))])])
    }

    @Test func theConnectionIDIsReadWhenTheStoreSuppliesIt() throws {
        let json: JSONObject = [
            "user": [
                "__typename": "User", "id": "u1", "completedCount": 1,
                "todos": [
                    "__typename": "TodoConnection", "__id": "client:u1:todos",
                    "edges": [["__typename": "TodoEdge", "cursor": "c1", "node": ["__typename": "Todo", "id": "t1", "text": "Milk", "complete": false]]],
                    "pageInfo": ["__typename": "PageInfo", "hasNextPage": false, "endCursor": "c1"],
                ],
            ],
        ]
        let data = try TodoListQuery.Data(json: json)
        #expect(data.user?.todos?.__id == "client:u1:todos")
        #expect(data.user?.totalCount == nil)
        #expect(data.user?.todos?.edges?.first??.node?.fragments.todoItem.text == "Milk")
    }

    @Test func interfaceTypeCasesOnANode() throws {
        let todo = try TodoNodeQuery.Data(json: ["node": ["__typename": "Todo", "id": "t1", "text": "Milk", "complete": true]])
        #expect(todo.node?.asTodo?.complete == true)
        #expect(todo.node?.asUser == nil)
        let user = try TodoNodeQuery.Data(json: ["node": ["__typename": "User", "id": "u1", "totalCount": 3]])
        #expect(user.node?.asUser?.totalCount == 3)
    }
}

extension Selection {
    var fieldValue: Field? {
        if case .field(let field) = self { return field }
        return nil
    }
}
