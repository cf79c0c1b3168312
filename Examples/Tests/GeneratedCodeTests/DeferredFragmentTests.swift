@testable import ApogeeAPI
import CodegenFixtureReviews
import Testing

/// Generated code for `@defer` and `@stream` (CodegenFixtures/Reviews/Deferred.graphql): a
/// deferred fragment reads as pending until its fields arrive and as fulfilled after, encodes
/// back only what arrived, and the operation says it is delivered in parts.
@Suite("Generated deferred fragments")
struct DeferredFragmentTests {
    /// The first payload of DeferredHero: the hero without any deferred field.
    let initialHero: JSONObject = ["hero": ["__typename": "Human", "id": "1000"]]
    /// The hero once every deferred payload has been merged in.
    let completeHero: JSONObject = ["hero": ["__typename": "Human", "id": "1000", "name": "Luke", "homePlanet": "Tatooine"]]

    @Test func operationsThatDeferOrStreamSaySo() {
        #expect(DeferredHeroQuery.__deliversIncrementally)
        #expect(DeferredReviewsQuery.__deliversIncrementally)
        // `@defer(if: false)` defers nothing.
        #expect(!DeferNothingQuery.__deliversIncrementally)
        #expect(!HeroAndSearchQuery.__deliversIncrementally)
        // The directives stay in the document the server reads.
        #expect(DeferredHeroQuery.document.contains(#"... @defer(label: "heroName") { name }"#))
        #expect(DeferredHeroQuery.document.contains("...HeroDetails @defer"))
        #expect(DeferredReviewsQuery.document.contains(#"@stream(initialCount: 2, label: "reviews")"#))
    }

    @Test func deferredFragmentsArePendingUntilTheirFieldsArrive() throws {
        let data = try DeferredHeroQuery.Data(json: initialHero)
        let hero = try #require(data.hero)
        #expect(hero.id == "1000")
        #expect(hero.heroName == .pending)
        #expect(hero.humanDetails == .pending)
        #expect(hero.fragments.heroDetails == .pending)
        // A pending fragment adds nothing to the JSON.
        #expect(data.__fields == initialHero)
    }

    @Test func deferredFragmentsAreFulfilledOnceTheirFieldsArrive() throws {
        let data = try DeferredHeroQuery.Data(json: completeHero)
        let hero = try #require(data.hero)
        #expect(hero.heroName.value?.name == "Luke")
        #expect(hero.humanDetails?.value?.homePlanet == "Tatooine")
        #expect(hero.fragments.heroDetails.value?.name == "Luke")
        #expect(hero.fragments.heroDetails.value?.asDroid == nil)
        #expect(data.__fields == completeHero)
        #expect(try DeferredHeroQuery.Data(json: data.__fields) == data)
    }

    @Test func aTypeConditionThatDoesNotHoldGivesNil() throws {
        let json: JSONObject = ["hero": ["__typename": "Droid", "id": "2001", "name": "R2-D2", "primaryFunction": "Astromech"]]
        let hero = try #require(try DeferredHeroQuery.Data(json: json).hero)
        #expect(hero.humanDetails == nil)
        #expect(hero.heroName.isFulfilled)
        #expect(hero.fragments.heroDetails.value?.asDroid?.primaryFunction == "Astromech")
    }

    @Test func nestedDeferralsInAStreamedListResolveOneByOne() throws {
        let initial: JSONObject = ["reviews": [
            ["__typename": "Review", "stars": 5],
            ["__typename": "Review", "stars": 3],
        ]]
        let first = try DeferredReviewsQuery.Data(json: initial)
        // A streamed list is a plain list.
        let reviews: [DeferredReviewsQuery.Data.Review] = first.reviews
        #expect(reviews.map(\.stars) == [5, 3])
        #expect(reviews.allSatisfy { $0.outer == .pending && $0.flagged == .pending })
        #expect(first.__fields == initial)

        // The outer fragment of the first review arrives; its inner one is still on its way.
        let outerArrived: JSONObject = ["reviews": [
            ["__typename": "Review", "stars": 5, "commentary": "Great", "self": ["__typename": "Review", "stars": 5]],
            ["__typename": "Review", "stars": 3],
        ]]
        let second = try DeferredReviewsQuery.Data(json: outerArrived)
        let outer = try #require(second.reviews[0].outer.value)
        #expect(outer.commentary == "Great")
        #expect(outer.`self`?.inner == .pending)
        #expect(second.reviews[1].outer == .pending)
        #expect(second.__fields == outerArrived)

        let innerArrived: JSONObject = ["reviews": [
            ["__typename": "Review", "stars": 5, "commentary": "Great", "self": ["__typename": "Review", "stars": 5, "sentiment": "POSITIVE"]],
        ]]
        let third = try DeferredReviewsQuery.Data(json: innerArrived)
        #expect(third.reviews[0].outer.value?.`self`?.inner.value?.sentiment == .positive)
        #expect(third.__fields == innerArrived)
    }

    /// With `$flag` false the server does not defer the fragment: its fields come inline, in
    /// the first payload, and it reads as fulfilled at once; with `$flag` true they come later.
    @Test func aVariableConditionDefersOnlyWhenTrue() throws {
        #expect(DeferredReviewsQuery(episode: .jedi, flag: false).variablesJSON == ["episode": "JEDI", "flag": false])
        let inline: JSONObject = ["reviews": [["__typename": "Review", "stars": 4, "episode": "EMPIRE"]]]
        let notDeferred = try DeferredReviewsQuery.Data(json: inline)
        #expect(notDeferred.reviews[0].flagged == .fulfilled(.init(episode: .empire)))
        #expect(notDeferred.__fields == inline)

        let deferred = try DeferredReviewsQuery.Data(json: ["reviews": [["__typename": "Review", "stars": 4]]])
        #expect(deferred.reviews[0].flagged == .pending)
    }

    @Test func deferNothingMergesTheFieldsAsUsual() throws {
        let json: JSONObject = ["hero": ["__typename": "Human", "id": "1000", "name": "Luke"]]
        let data = try DeferNothingQuery.Data(json: json)
        #expect(data.hero?.name == "Luke")
        #expect(data.__fields == json)
    }

    @Test func dataIsConstructibleWithDeferredValues() throws {
        let hero = DeferredHeroQuery.Data.Hero(
            __typename: "Human", id: "1000", heroName: .fulfilled(.init(name: "Luke")), humanDetails: .pending,
            fragments: .init(heroDetails: .pending))
        let data = DeferredHeroQuery.Data(hero: hero)
        #expect(data.__fields == ["hero": ["__typename": "Human", "id": "1000", "name": "Luke"]])
        let decoded = try DeferredHeroQuery.Data(json: data.__fields)
        #expect(decoded.hero?.heroName == .fulfilled(.init(name: "Luke")))
        #expect(decoded.hero?.humanDetails == .pending)
    }

    @Test func theDeferredSelectionsStayInTheMetadata() {
        let selections = DeferredHeroQuery.Data.Hero.__selections
        let inlineFragments = selections.compactMap { selection -> Selection.InlineFragment? in
            if case .inlineFragment(let fragment) = selection { return fragment }
            return nil
        }
        #expect(inlineFragments.count == 2)
        #expect(inlineFragments.first?.typeCondition == nil)
        #expect(inlineFragments.last?.typeCondition?.name == "Human")
        #expect(selections.contains { if case .fragmentSpread = $0 { true } else { false } })
    }
}
