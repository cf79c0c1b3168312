/// The server's answers, as JSON text, that the tests decode and the scripted transport gives.
///
/// `nonisolated`: in this module a type that says nothing is on the main actor, and the tests
/// read these off it too.
nonisolated enum Answers {
    static let heroDetails = """
        {"data":{"hero":{"__typename":"Human","id":"1000","name":"Luke Skywalker","homePlanet":"Tatooine",\
        "friends":[{"__typename":"Droid","id":"2001","name":"R2-D2","primaryFunction":"Astromech"},\
        {"__typename":"Human","id":"1002","name":"Han Solo"}]}}}
        """

    static let search = """
        {"data":{"search":[{"__typename":"Human","name":"Leia Organa","homePlanet":"Alderaan"},\
        {"__typename":"Droid","name":"C-3PO"},{"__typename":"Starship","id":"3000","name":"Millennium Falcon"}]}}
        """

    static let createReview = review("createReview", id: "r1", stars: 5)

    /// One event of `ReviewAdded`.
    static func reviewAdded(id: String, stars: Int) -> String { review("reviewAdded", id: id, stars: stars) }

    private static func review(_ field: String, id: String, stars: Int) -> String {
        #"{"data":{"\#(field)":{"__typename":"Review","id":"\#(id)","stars":\#(stars),"commentary":"Bold","episode":"JEDI","createdAt":"1983-05-25"}}}"#
    }
}
