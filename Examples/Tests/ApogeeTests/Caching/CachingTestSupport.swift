@testable import Apogee
import ApogeeExampleServer
import Foundation
import RocketReserverAPI
import Testing

/// Waits until `condition` holds, for what happens after a task ends (a watcher released in
/// the store). Gives up after `limit`, so a broken test fails instead of hanging.
func waitUntil(limit: Duration = .seconds(20), _ condition: () throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw ConditionTimedOut() }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// A condition a test waited for never held.
struct ConditionTimedOut: Error {}

extension Result {
    /// The value, or `nil` for a failure.
    var value: Success? { try? get() }

    /// The error, or `nil` for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
