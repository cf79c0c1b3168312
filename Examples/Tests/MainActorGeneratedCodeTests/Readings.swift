import ApogeeAPI

/// What ``GeneratedCodeUses/readResponses(isolation:)`` read, and where it ran.
nonisolated struct ResponseReading: Equatable, Sendable {
    var ranOnMainActor: Bool
    var heroName: String
    var homePlanet: String?
    var friends: [String]
    var friendFunctions: [String?]
    var searchNames: [String]
    var searchPlanets: [String?]

    /// What the answers hold, wherever they are read.
    static func expected(onMainActor: Bool) -> Self {
        Self(
            ranOnMainActor: onMainActor, heroName: "Luke Skywalker", homePlanet: "Tatooine",
            friends: ["2001 R2-D2", "1002 Han Solo"], friendFunctions: ["Astromech", nil],
            searchNames: ["Leia Organa", "C-3PO", "Millennium Falcon"], searchPlanets: ["Alderaan", nil, nil])
    }
}

/// What ``GeneratedCodeUses/encodeVariables(isolation:)`` wrote, and where it ran.
nonisolated struct VariablesReading: Equatable, Sendable {
    var ranOnMainActor: Bool
    var hero: JSONValue?
    var review: JSONValue?
    var lookup: JSONValue?
    var episodes: [String]
    var cacheMaxAges: [String: Int]

    /// The variables as a server reads them, wherever they are written.
    static func expected(onMainActor: Bool) -> Self {
        Self(
            ranOnMainActor: onMainActor, hero: ["episode": "EMPIRE"], review: ["review": ["stars": 4, "commentary": .null]],
            lookup: ["by": ["name": "R2-D2"]], episodes: ["NEWHOPE", "EMPIRE", "JEDI"], cacheMaxAges: ["Review": 60])
    }
}

/// What ``GeneratedCodeUses/runThroughClient(isolation:)`` got back, and where it ran.
nonisolated struct ClientReading: Equatable, Sendable {
    var ranOnMainActor: Bool
    var heroName: String?
    var review: String?
    var events: [String]
    var cachedFriends: [String]?

    /// The scripted answers as the client gives them, wherever it is called.
    static func expected(onMainActor: Bool) -> Self {
        Self(
            ranOnMainActor: onMainActor, heroName: "Luke Skywalker", review: "r1 5 JEDI", events: ["r2 3", "r3 1"],
            cachedFriends: ["R2-D2", "Han Solo"])
    }
}
