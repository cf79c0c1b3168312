@testable import ApogeeAPI
@testable import ApogeeStore
import Testing

/// Response data as a server would send it, built in one place so tests read as stories.
enum Fixtures {
    static func launch(_ id: String, site: String? = "KSC LC 39A", isBooked: Bool = false, mission: String? = "Starlink") -> JSONValue {
        [
            "__typename": "Launch",
            "id": .string(id),
            "site": site.map(JSONValue.string) ?? .null,
            "isBooked": .bool(isBooked),
            "mission": mission.map { ["__typename": "Mission", "name": .string($0), "missionPatch": .string("https://patch/\($0).png")] } ?? .null,
        ]
    }

    static func launchDetails(_ id: String, site: String? = "KSC LC 39A", isBooked: Bool = false, mission: String? = "Starlink") -> JSONObject {
        ["launch": launch(id, site: site, isBooked: isBooked, mission: mission)]
    }

    static func bookTrip(_ id: String, isBooked: Bool = true) -> JSONObject {
        [
            "bookTrips": [
                "__typename": "TripUpdateResponse",
                "success": true,
                "message": "booked",
                "launches": [[
                    "__typename": "Launch",
                    "id": .string(id),
                    "site": "KSC LC 39A",
                    "isBooked": .bool(isBooked),
                    "mission": ["__typename": "Mission", "name": "Starlink", "missionPatch": "https://patch/small.png"],
                ]],
            ],
        ]
    }

    static func launchList(ids: [String], cursor: String = "c1") -> JSONObject {
        [
            "launches": [
                "__typename": "LaunchConnection",
                "cursor": .string(cursor),
                "hasMore": true,
                "launches": .array(ids.map { ["__typename": "Launch", "id": .string($0), "site": "Vandenberg", "tags": ["a", "b"]] }),
            ],
        ]
    }

    /// Users keyed by `login`, books by `isbn` and `edition`, as `ProfileQuery` expects.
    static let profileKeyPolicy = CacheKeyPolicy(keyFields: ["User": ["login"], "Book": ["isbn", "edition"]])

    static func profile(email: String? = nil, avatar: String? = nil) -> JSONObject {
        var me: JSONObject = [
            "__typename": "User",
            "login": "octocat",
            "name": "The Octocat",
            "favoriteBook": ["__typename": "Book", "isbn": "978-0", "edition": 2, "title": "Swift"],
        ]
        if let email { me["email"] = .string(email) }
        if let avatar { me["avatar"] = .string(avatar) }
        return ["me": .object(me)]
    }
}

extension AsyncStream.Iterator {
    /// The next element, failing the test rather than returning `nil` when the stream ended.
    mutating func nextValue(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Element {
        try #require(await next(), sourceLocation: sourceLocation)
    }
}
