import Apogee
import ApogeeTesting
import CodegenFixtureReviews
import Testing

/// Builders generated for the Reviews fixture: a union whose members read as the type case the
/// test named, an interface, a custom scalar mapped to `Int`, `@include` on a variable, an
/// alias, and fields named `type` and `self`.
@Suite("Test data builders: a union, an interface and keyword fields")
struct UnionAndKeywordBuilderTests {
    @Test("Each union member reads as its own type case")
    func unionTypeCases() throws {
        let query = HeroAndSearchQuery(text: "sky", withPlanet: true)
        let data = try query.buildData(QueryBuilder(search: [
            .human(HumanBuilder(id: "1000", name: "Luke Skywalker")),
            .droid(DroidBuilder(name: "R2-D2")),
            .review(ReviewBuilder(commentary: "Great", stars: 5)),
        ]))
        #expect(data.search.map(\.__typename) == ["Human", "Droid", "Review"])
        #expect(data.search[0].asCharacter?.name == "Luke Skywalker")
        #expect(data.search[0].asCharacter?.fragments.characterID?.id == "1000")
        #expect(data.search[0].asReview == nil)
        #expect(data.search[1].asCharacter?.name == "R2-D2")
        #expect(data.search[2].asCharacter == nil)
        #expect(data.search[2].asReview?.stars == 5)
        #expect(data.search[2].asReview?.fragments.reviewStars.commentary == "Great")
        // An enum left alone is its first value; the custom scalar mapped to Int defaults to 0.
        #expect(data.search[2].asReview?.episode == .newhope)
        #expect(try query.buildData(QueryBuilder(search: [.review(ReviewBuilder())])).search[0].asReview?.stars == 0)
    }

    @Test("An interface field reads as the implementation named, with @include following the variables")
    func interfaceAndInclude() throws {
        let root = QueryBuilder(hero: .human(HumanBuilder(homePlanet: "Tatooine", id: "1000", name: "Luke Skywalker")))
        let withPlanet = try HeroAndSearchQuery(text: "", withPlanet: true).buildData(root)
        #expect(withPlanet.hero?.__typename == "Human")
        #expect(withPlanet.hero?.asHuman?.homePlanet == "Tatooine")
        #expect(withPlanet.hero?.asDroid == nil)
        let withoutPlanet = try HeroAndSearchQuery(text: "", withPlanet: false).buildData(root)
        #expect(withoutPlanet.hero?.asHuman?.homePlanet == nil)
        let response = try HeroAndSearchQuery(text: "", withPlanet: false).buildResponse(root)
        #expect(response["data"]?.objectValue?["hero"]?.objectValue?["homePlanet"] == nil)
    }

    @Test("An alias reads its field's value; fields named type and self are properties")
    func aliasAndKeywords() throws {
        var review = ReviewBuilder(stars: 4, type: CategoryBuilder(name: "Film"))
        review.`self` = ReviewBuilder(stars: 3)
        let data = try HeroAndSearchQuery(text: "", withPlanet: false).buildData(QueryBuilder(reviews: [review]))
        #expect(data.topReviews.count == 1)
        #expect(data.topReviews[0].stars == 4)
        #expect(data.topReviews[0].type?.name == "Film")
        #expect(data.topReviews[0].`self`?.stars == 3)
        #expect(review.type?.name == "Film")
    }
}
