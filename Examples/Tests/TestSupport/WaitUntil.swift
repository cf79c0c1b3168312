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

/// Waits until `condition` holds, for state an actor keeps (a caller's continuation in a
/// queue). Gives up after `limit`, as the synchronous form does.
public func waitUntil(limit: Duration = .seconds(20), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw ConditionTimedOut() }
        try await Task.sleep(for: .milliseconds(5))
    }
}
