import Apogee
import CodegenFixtureMainActor
import Foundation

/// What the tests do with the generated code, written once and run on the main actor and off
/// it: each use takes the caller's isolation (`#isolation`), so it runs where its caller runs
/// and reports where that was. The compiler checks each body as code isolated to an actor it
/// does not know, so a generated declaration on the main actor would not compile here.
nonisolated enum GeneratedCodeUses {
    /// Decodes `HeroDetails` and `Search`, reading nested objects, type cases on an interface
    /// and a union, and a named fragment at two levels.
    static func readResponses(isolation: isolated (any Actor)? = #isolation) throws -> ResponseReading {
        let hero = try present(try HeroDetailsQuery.Data(json: object(Answers.heroDetails)).hero, "hero")
        let search = try SearchQuery.Data(json: object(Answers.search)).search
        return ResponseReading(
            ranOnMainActor: isolation === MainActor.shared,
            heroName: hero.fragments.characterName.name,
            homePlanet: hero.asHuman?.homePlanet,
            friends: hero.friends.map { "\($0.fragments.characterName.id) \($0.fragments.characterName.name)" },
            friendFunctions: hero.friends.map { $0.asDroid?.primaryFunction },
            searchNames: search.map { $0.asCharacter?.name ?? $0.asStarship?.name ?? "?" },
            searchPlanets: search.map { $0.asHuman?.homePlanet })
    }

    /// The variables of operations with an enum, an input object with a default, and a `@oneOf`
    /// input, as they are sent.
    static func encodeVariables(isolation: isolated (any Actor)? = #isolation) throws -> VariablesReading {
        func variables(_ operation: some GraphQLOperation) throws -> JSONValue? {
            try JSONValue(parsing: GraphQLRequestBody(operation: operation).jsonBytes()).objectValue?["variables"]
        }
        return VariablesReading(
            ranOnMainActor: isolation === MainActor.shared,
            hero: try variables(HeroDetailsQuery(episode: .some(.empire))),
            review: try variables(CreateReviewMutation(review: ReviewInput(stars: 4, commentary: .null))),
            lookup: try variables(FindCharacterQuery(by: .name("R2-D2"))),
            episodes: Episode.allCases.map(\.rawValue),
            cacheMaxAges: HeroDetailsQuery.Data.__cacheMaxAges)
    }

    /// A query, a mutation and a subscription through a client that the scripted transport
    /// answers, each written into its store.
    static func runThroughClient(isolation: isolated (any Actor)? = #isolation) async throws -> ClientReading {
        let client = ApogeeClient(
            url: try present(URL(string: "memory://main-actor"), "URL"),
            networkTransport: ScriptedTransport(answers: [
                "HeroDetails": [Answers.heroDetails],
                "CreateReview": [Answers.createReview],
                "ReviewAdded": [Answers.reviewAdded(id: "r2", stars: 3), Answers.reviewAdded(id: "r3", stars: 1)],
            ]))
        let hero = try await client.fetch(query: HeroDetailsQuery(), cachePolicy: .fetchIgnoringCacheData).data?.hero
        let review = try await client.perform(mutation: CreateReviewMutation(review: ReviewInput(stars: 5))).data?.createReview
        var events: [String] = []
        for try await event in client.subscribe(subscription: ReviewAddedSubscription(episode: .some(.jedi))) {
            let fields = try present(event.data?.reviewAdded?.fragments.reviewFields, "reviewAdded")
            events.append("\(fields.id) \(fields.stars)")
        }
        let cached = try await client.fetch(query: HeroDetailsQuery(), cachePolicy: .returnCacheDataDontFetch).data?.hero
        return ClientReading(
            ranOnMainActor: isolation === MainActor.shared,
            heroName: hero?.fragments.characterName.name,
            review: review.map { "\($0.fragments.reviewFields.id) \($0.fragments.reviewFields.stars) \($0.fragments.reviewFields.episode?.rawValue ?? "-")" },
            events: events,
            cachedFriends: cached?.friends.map(\.fragments.characterName.name))
    }

    private static func object(_ text: String) throws -> JSONObject {
        try present(try JSONValue(parsing: text).objectValue?["data"]?.objectValue, "data")
    }

    /// The value, or an error that names it: `#require` records its issue through a task-local
    /// that a detached task does not inherit.
    private static func present<Value>(_ value: Value?, _ name: String) throws -> Value {
        guard let value else { throw Missing(name: name) }
        return value
    }

    /// A value the answer should have held.
    struct Missing: Error {
        let name: String
    }
}
