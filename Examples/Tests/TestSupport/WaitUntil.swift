/// Waits until `condition` holds, for what happens after a task ends (a watcher released in
/// the store). Gives up after `limit`, so a broken test fails instead of hanging.
public func waitUntil(limit: Duration = .seconds(20), _ condition: () throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw ConditionTimedOut() }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// A condition a test waited for never held.
public struct ConditionTimedOut: Error {}
