import ApogeeAPI
import ApogeeStore
import LaunchOperations

/// A store with one watcher per launch, and the means to change one launch and wait until
/// its watcher has the new data.
final class WatcherFixture: @unchecked Sendable {
    let store = NormalizedStore()
    let watcherCount: Int
    private let target: String
    private var targetResults: AsyncStream<Result<LaunchQuery.Data, CacheMiss>>.Iterator
    /// The other watchers' streams, kept so their watchers stay live.
    private var others: [AsyncStream<Result<LaunchQuery.Data, CacheMiss>>] = []
    private var isBooked = false

    init(watchers: Int) throws {
        watcherCount = watchers
        for id in 0..<watchers {
            let launch: JSONObject = ["launch": ["__typename": "Launch", "id": .string("\(id)"), "site": "KSC", "isBooked": false]]
            try store.write(data: launch, for: LaunchQuery(id: "\(id)"))
        }
        target = "\(watchers / 2)"
        for id in 0..<watchers where "\(id)" != target {
            others.append(store.watch(LaunchQuery(id: "\(id)")))
        }
        targetResults = store.watch(LaunchQuery(id: target)).makeAsyncIterator()
    }

    /// Waits for the first result of the target watcher, outside any measurement.
    func prime() async {
        _ = await targetResults.next()
    }

    /// Writes a mutation result that flips one launch, then waits for its watcher to deliver.
    func deliverOneChange() async throws {
        isBooked.toggle()
        let result: JSONObject = [
            "bookTrips": [
                "__typename": "TripUpdateResponse",
                "success": true,
                "launches": [["__typename": "Launch", "id": .string(target), "isBooked": .bool(isBooked)]],
            ],
        ]
        try store.write(data: result, for: BookTripsMutation(ids: [target]))
        guard case .success(let data)? = await targetResults.next(), data.launch?.isBooked == isBooked else {
            throw WatcherFixtureError.wrongDelivery
        }
    }

    enum WatcherFixtureError: Error {
        case wrongDelivery
    }
}
