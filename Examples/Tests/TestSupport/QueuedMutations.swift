@testable import ApogeeStore
import Foundation

/// Queued mutations as the durable queue writes them, for the tests of its storages.
public enum QueuedMutations {
    /// A `BookTrips` mutation with variables, an optimistic response and its layer.
    public static func bookTrip(_ launchID: String, key: String = UUID().uuidString, queue: String = "default") throws -> QueuedMutation {
        let changes = try RecordChangeSet(persistedJSON: [
            "changes": [
                "Launch:\(launchID)": ["fields": ["isBooked": true, "note": ["$json": ["by": "test"]]], "removedFields": ["stale"], "replaces": false],
                "Launch:gone": ["removed": true],
            ],
        ])
        return QueuedMutation(
            idempotencyKey: key,
            queue: queue,
            operationName: "BookTrip",
            document: "mutation BookTrip($id: ID!) { bookTrips(launchIds: [$id]) { success message } }",
            variables: ["id": .string(launchID)],
            optimisticResponse: ["bookTrips": ["__typename": "TripUpdateResponse", "success": true, "message": nil]],
            optimisticChanges: changes,
            enqueuedAt: Date(timeIntervalSinceReferenceDate: 770_000_000.123_456)
        )
    }
}
