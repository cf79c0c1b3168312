@testable import ApogeeAPI
import CodegenFixtureReviews
import CodegenFixtureTodo
import Testing

/// Generated input objects, enums and variables send what the user wrote, and nullable inputs
/// tell "leave out" from "null".
@Suite("Generated inputs and variables")
struct InputObjectTests {
    @Test func inputObjectVariableIsSentAsAnObject() {
        let mutation = ChangeTodoStatusMutation(input: ChangeTodoStatusInput(complete: true, id: "t1", userId: "me"))
        #expect(mutation.variablesJSON == [
            "input": ["complete": true, "id": "t1", "userId": "me"],
        ])
        #expect(ChangeTodoStatusMutation.operationName == "ChangeTodoStatus")
        #expect(ChangeTodoStatusMutation.operationType == .mutation)
    }

    @Test func nullableInputsAreLeftOutSentAsNullOrSent() {
        let leftOut = ReviewInput(stars: 5)
        #expect(leftOut.inputValue.jsonValue == ["stars": 5])
        let withNull = ReviewInput(stars: 4, commentary: .null, favoriteColor: .some(ColorInput(red: 1, green: 2, blue: 3)))
        #expect(withNull.inputValue.jsonValue == [
            "stars": 4, "commentary": nil, "favoriteColor": ["red": 1, "green": 2, "blue": 3],
        ])
        let keyword = ReviewInput(stars: 1, sentiment: .some(.mixedFeelings), tags: ["a", "b"], default: true)
        #expect(keyword.inputValue.jsonValue == ["stars": 1, "sentiment": "MIXED_FEELINGS", "tags": ["a", "b"], "default": true])
    }

    @Test func fieldsKeepTheSchemaOrder() {
        let input = ReviewInput(stars: 3, commentary: "Great", sentiment: .some(.positive))
        #expect(input.fields.map(\.name) == ["stars", "commentary", "sentiment"])
    }

    @Test func enumVariablesAndListsOfNullableEnums() {
        let mutation = DeleteReviewsMutation(episode: .some(.jedi), sentiments: .some([.negative, nil, .unknown]))
        #expect(mutation.variablesJSON == ["episode": "JEDI", "sentiments": ["NEGATIVE", nil, "UNKNOWN"]])
        #expect(DeleteReviewsMutation(episode: .null).variablesJSON == ["episode": nil])
        #expect(DeleteReviewsMutation().variablesJSON == [:])
    }

    @Test func enumsKeepValuesTheySawAfterGeneration() {
        #expect(Episode(rawValue: "EMPIRE") == .empire)
        #expect(Episode(rawValue: "PHANTOM") == .unknown("PHANTOM"))
        #expect(Episode.unknown("PHANTOM").rawValue == "PHANTOM")
        #expect(Sentiment(rawValue: "UNKNOWN") == .unknown)
        #expect(Sentiment(rawValue: "SAD") == .__unknown("SAD"))
        #expect(Sentiment.allCases == [.positive, .negative, .unknown, .mixedFeelings])
    }

    @Test func defaultedVariablesAreLeftOutUnlessGiven() {
        #expect(TodoListQuery(withCounts: true).variablesJSON == ["withCounts": true])
        #expect(TodoListQuery(userId: "me", first: 5, withCounts: false).variablesJSON == ["userId": "me", "first": 5, "withCounts": false])
    }

    @Test func customScalarsUseTheirMapping() {
        let stars: Stars = 5
        #expect(ReviewInput(stars: stars).stars == 5)
    }
}
