import ApogeeAPI
import ApogeeStore
import Foundation

/// The data the benchmarks write: 1,000 launches with a few fields and a reference each, as a
/// server response and as the change set the store would apply for it.
enum LaunchRecords {
    static let count = 1_000

    /// The key of launch `index`.
    static func key(_ index: Int) -> CacheKey {
        CacheKey("Launch:\(index)")
    }

    /// A `LaunchPage` response's `data`.
    static let response: JSONObject = [
        "launches": [
            "__typename": "LaunchConnection",
            "cursor": "1000",
            "launches": .array((0..<count).map { index in
                [
                    "__typename": "Launch",
                    "id": .string(String(index)),
                    "site": index.isMultiple(of: 3) ? "CCAFS SLC 40" : "KSC LC 39A",
                    "isBooked": .bool(index.isMultiple(of: 7)),
                    "rocket": ["__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"],
                ]
            }),
        ],
    ]

    /// 1,000 new launch records, each with five fields and a reference to its rocket.
    static func changeSet() throws -> RecordChangeSet {
        var changes = JSONObject(minimumCapacity: count)
        for index in 0..<count {
            let fields: JSONObject = [
                "__typename": "Launch",
                "id": .string(String(index)),
                "site": index.isMultiple(of: 3) ? "CCAFS SLC 40" : "KSC LC 39A",
                "isBooked": .bool(index.isMultiple(of: 7)),
                "mission": .string("Mission \(index)"),
                "rocket": ["$ref": "Rocket:falcon9"],
            ]
            changes[key(index).rawValue] = ["fields": .object(fields), "removedFields": [], "replaces": false]
        }
        return try RecordChangeSet(persistedJSON: ["changes": .object(changes)])
    }

    /// The records of ``changeSet()`` as rows of the raw SQLite baseline: key and fields JSON.
    static func rows() throws -> [(key: String, fields: String)] {
        guard case .object(let changes)? = try changeSet().persistedJSON["changes"] else { return [] }
        return changes.keys.sorted().compactMap { key in
            guard case .object(let change)? = changes[key], let fields = change["fields"] else { return nil }
            return (key, fields.serializedString)
        }
    }
}

/// A folder for one sample's database files, removed afterwards.
struct ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/apogee-sqlite-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    var databasePath: String { path + "/store.sqlite" }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Holds what a benchmark's setup prepares for its closure.
final class Box<Value>: @unchecked Sendable {
    var value: Value?
}
