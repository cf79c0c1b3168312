import ApogeeAPI
import ApogeeStore

/// The pages of a cursor list of launches, as a server sends them: page `n` (from 1) holds
/// launches `(n - 1) * size + 1` to `n * size` and ends at the cursor `"page n"`.
struct ListPages {
    let size: Int

    /// The query of page `number`: the first has no cursor, each later one the cursor of
    /// the page before.
    func query(_ number: Int) -> LaunchPagesQuery {
        LaunchPagesQuery(pageSize: .some(size), after: number == 1 ? .none : .some("page \(number - 1)"))
    }

    /// The `data` of page `number`.
    func data(_ number: Int) -> JSONObject {
        let first = (number - 1) * size + 1
        let launches: [JSONValue] = (first..<(first + size)).map { id in
            .object(["__typename": "Launch", "id": .string("\(id)"), "site": "KSC LC 39A", "isBooked": false])
        }
        return ["launches": ["__typename": "LaunchConnection", "cursor": .string("page \(number)"), "hasMore": true, "launches": .array(launches)]]
    }

    /// A store that holds pages 1 to `count`, merged into one list.
    func store(holding count: Int) throws -> NormalizedStore {
        let store = NormalizedStore()
        for number in stride(from: 1, through: count, by: 1) {
            try store.write(data: data(number), for: query(number))
        }
        return store
    }
}
