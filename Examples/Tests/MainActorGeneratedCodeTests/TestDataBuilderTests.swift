import ApogeeTesting
import CodegenFixtureMainActor
import Testing

/// Test data builders generated into a target whose code is main-actor isolated by default
/// build data as anywhere else.
@Suite("Test data builders under main-actor default isolation")
struct MainActorTestDataBuilderTests {
    @Test func unionMembersReadAsTheirTypeCases() throws {
        let data = try SearchQuery(text: "x").buildData(QueryBuilder(search: [
            .human(HumanBuilder(homePlanet: "Tatooine", name: "Luke")),
            .starship(StarshipBuilder(id: "3000", name: "Falcon")),
        ]))
        #expect(data.search.first?.asHuman?.homePlanet == "Tatooine")
        #expect(data.search.first?.asCharacter?.name == "Luke")
        #expect(data.search.last?.asStarship?.name == "Falcon")
        #expect(data.search.last?.asCharacter == nil)
    }
}
