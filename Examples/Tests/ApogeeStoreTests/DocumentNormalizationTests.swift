@testable import ApogeeAPI
@testable import ApogeeStore
import StoreFixtures
import TestSupport
import Testing

/// The store reads a parsed `JSONDocument` in place, without a tree: it must make exactly the
/// records the tree makes, whatever order the server sends the fields in.
@Suite("Normalization from a parsed document")
struct DocumentNormalizationTests {
    static let responses: [(name: String, write: @Sendable (NormalizedStore, ResponseForm) throws -> Void)] = [
        ("a launch with arguments, a path-keyed mission and nulls", { store, form in
            try store.write(data: form.data(Fixtures.launchDetails("25", site: "A")), for: LaunchDetailsQuery(id: "25"))
            try store.write(data: form.data(Fixtures.launchDetails("26", site: nil, mission: nil)), for: LaunchDetailsQuery(id: "26"))
        }),
        ("a page of launches: a list of references and lists of scalars", { store, form in
            try store.write(data: form.data(Fixtures.launchList(ids: ["1", "2", "3"])), for: LaunchListQuery(pageSize: 3))
        }),
    ]

    /// How the data reaches the store.
    enum ResponseForm {
        case tree
        case document(seed: UInt64)

        func data(_ object: JSONObject) throws -> WriteData {
            switch self {
            case .tree:
                return .tree(object)
            case .document(let seed):
                var generator = SeededGenerator(seed: seed)
                let text = JSONValue.object(["data": .object(object)]).text(shufflingKeysWith: &generator)
                return .document(try #require(try JSONDocument(parsing: text).root.member("data")))
            }
        }
    }

    enum WriteData {
        case tree(JSONObject)
        case document(JSONDocument.Value)
    }

    @Test("The same records as the tree, with the fields in any order", arguments: 0..<2, 0..<6)
    func sameRecordsAsTheTree(response: Int, seed: Int) throws {
        let fromTree = NormalizedStore()
        try Self.responses[response].write(fromTree, .tree)
        let fromDocument = NormalizedStore()
        try Self.responses[response].write(fromDocument, .document(seed: UInt64(seed)))
        let expected = try Self.reachableRecords(in: fromTree)
        #expect(expected.count > 2)
        #expect(try Self.reachableRecords(in: fromDocument) == expected)
    }

    @Test("An object's __typename and the id it is keyed by are stored as the response sent them", arguments: [nil, 0, 1, 2] as [UInt64?])
    func keyingFieldsStoredAsSent(seed: UInt64?) throws {
        let form = seed.map { ResponseForm.document(seed: $0) } ?? .tree
        let store = NormalizedStore()
        try store.write(data: form.data(Fixtures.launchDetails("25")), for: LaunchDetailsQuery(id: "25"))
        let launch = try #require(try store.record(for: "Launch:25"))
        #expect(launch["id"] == .scalar("25"))
        #expect(launch["__typename"] == .scalar("Launch"))

        // An id sent as a number keys the record by its digits and stays a number.
        try store.write(data: form.data(Self.launchDetails(id: .int(26))), for: LaunchDetailsQuery(id: "26"))
        #expect(try store.record(for: "Launch:26")?["id"] == .scalar(.int(26)))

        // A null id makes no key: the launch lives under its path, its id null.
        try store.write(data: form.data(Self.launchDetails(id: .null)), for: LaunchDetailsQuery(id: "27"))
        let pathKey = CacheKey(#"QUERY_ROOT.launch({"id":"27"})"#)
        #expect(try store.record(for: .queryRoot)?[#"launch({"id":"27"})"#] == .reference(pathKey))
        let unkeyed = try #require(try store.record(for: pathKey))
        #expect(unkeyed["id"] == .null)
        #expect(unkeyed["__typename"] == .scalar("Launch"))
    }

    /// A launch's details with its `id` replaced.
    private static func launchDetails(id: JSONValue) -> JSONObject {
        var data = Fixtures.launchDetails("0")
        if case .object(var launch)? = data["launch"] {
            launch["id"] = id
            data["launch"] = .object(launch)
        }
        return data
    }

    @Test func dataThatIsNotAnObjectIsRefusedAndWritesNothing() throws {
        let store = NormalizedStore()
        let list = try JSONDocument(parsing: "[1, 2]").root
        let error = try #require(throws: NormalizationError.self) { try store.write(data: list, for: LaunchListQuery(pageSize: 2)) }
        #expect(error.expected == "an object")
        #expect(error.found == "a list")
        let wrongField = try JSONDocument(parsing: #"{"launches": 7}"#).root
        #expect(throws: NormalizationError.self) { try store.write(data: wrongField, for: LaunchListQuery(pageSize: 2)) }
        #expect(try store.record(for: .queryRoot) == nil)
    }

    /// Every record reachable from the query root, by key.
    static func reachableRecords(in store: NormalizedStore) throws -> [CacheKey: Record] {
        var records: [CacheKey: Record] = [:]
        var pending: [CacheKey] = [.queryRoot]
        while let key = pending.popLast() {
            guard records[key] == nil, let record = try store.record(for: key) else { continue }
            records[key] = record
            pending.append(contentsOf: record.referencedKeys)
        }
        return records
    }
}

extension NormalizedStore {
    /// Writes data in the form a test chose.
    @discardableResult
    fileprivate func write<Operation: GraphQLOperation>(data: DocumentNormalizationTests.WriteData, for operation: Operation) throws -> CacheChanges {
        switch data {
        case .tree(let object): try write(data: object, for: operation)
        case .document(let value): try write(data: value, for: operation)
        }
    }
}
