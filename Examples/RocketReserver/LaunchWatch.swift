import Apogee
import RocketReserverAPI

/// A watch on one launch's details, as the tutorial's detail screen would keep one open: each
/// change the store sees (a mutation's result, a forced reload that changed something) comes
/// here without a request of its own.
struct LaunchWatch {
    let id: String
    private var results: AsyncThrowingStream<GraphQLResult<LaunchDetailsQuery.Data>, any Error>.AsyncIterator

    /// Starts watching; the first result comes from the store when it has the launch.
    init(client: ApogeeClient, id: String) {
        self.id = id
        results = client.watch(query: LaunchDetailsQuery(launchId: id)).makeAsyncIterator()
    }

    /// Waits for the watch's next result and prints it.
    @discardableResult
    mutating func next() async throws -> LaunchDetailsQuery.Data.Launch {
        guard let result = try await results.next() else { throw ExampleFailure("the watch on launch \(id) ended") }
        try result.throwIfErrors()
        guard let launch = result.data?.launch else { throw ExampleFailure("there is no launch \(id)") }
        print("  [watcher] launch \(launch.id)\(launch.isFavorite ? " ★" : ""): isBooked: \(launch.isBooked) \(result.sourceNote)")
        return launch
    }
}
