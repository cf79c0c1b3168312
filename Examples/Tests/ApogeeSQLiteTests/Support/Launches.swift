@testable import ApogeeAPI
@testable import ApogeeStore
import RocketReserverAPI

/// Response data shaped as the RocketReserver server sends it.
enum Launches {
    /// `LaunchDetails` data for one launch.
    static func details(_ id: String, site: String? = "KSC LC 39A", mission: String = "Starlink") -> JSONObject {
        [
            "launch": [
                "__typename": "Launch",
                "id": .string(id),
                "site": site.map(JSONValue.string) ?? .null,
                "mission": ["__typename": "Mission", "name": .string(mission), "missionPatch": .string("https://patch/\(mission).png")],
                "rocket": ["__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"],
                "isBooked": false,
            ],
        ]
    }

    /// The query for one launch's details.
    static func query(_ id: String) -> LaunchDetailsQuery {
        LaunchDetailsQuery(launchId: id)
    }
}

extension NormalizedStore {
    /// Writes one launch's ``Launches/details(_:site:mission:)`` for its query, as a fetch of
    /// that launch would.
    func writeLaunch(_ id: String, site: String? = "KSC LC 39A", mission: String = "Starlink") throws {
        try write(data: Launches.details(id, site: site, mission: mission), for: Launches.query(id))
    }

    /// The fields of launch `id`'s query that are past their expiry time.
    func expiredFields(_ id: String) throws -> [FieldKey] {
        try read(Launches.query(id), options: CacheReadOptions(maxStale: .seconds(1_000_000))).expiredFields
    }
}
