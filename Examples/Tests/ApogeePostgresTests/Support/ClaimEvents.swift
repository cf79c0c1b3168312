import Foundation
import PostgresNIO
import TestSupport

/// A change of a queued mutation's row as PostgreSQL committed it: a claim, a renewal, a
/// release, a takeover.
struct ClaimEvent: Sendable {
    var key: String
    /// Who holds the claim; `nil` once it was given back.
    var worker: String?
    var attempts: Int
    /// When the claim runs out, in seconds since 1970 by PostgreSQL's clock.
    var expiresAt: Double?
    /// When the test heard of it.
    var heardAt: ContinuousClock.Instant
}

/// The claims of a test database as events: a trigger on `apogee_mutations` notifies every
/// update when it commits, and a connection of the test listens, so that the lease tests wait
/// for a claim, a renewal or a takeover instead of for a time. A class, so that the closures
/// of a test share one iterator.
final class ClaimEvents {
    private var events: AsyncStream<ClaimEvent>.Iterator
    /// Every event heard so far, in order.
    private(set) var heard: [ClaimEvent] = []

    /// Runs `body` with the claim events of `client`'s database, from a point where the
    /// listening connection is ready.
    static func watch<Result: Sendable>(
        _ client: PostgresClient,
        _ body: (ClaimEvents) async throws -> Result
    ) async throws -> Result {
        try await client.query(PostgresQuery(unsafeSQL: """
            CREATE OR REPLACE FUNCTION apogee_test_claim_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('apogee_test_claims', concat_ws('|', NEW.idempotency_key, coalesce(NEW.claimed_by, ''),
                    NEW.attempts, coalesce(extract(epoch FROM NEW.claim_expires_at)::text, '')));
                RETURN NULL;
            END $$
            """), logger: TestPostgres.logger)
        try await client.query(PostgresQuery(unsafeSQL: """
            CREATE OR REPLACE TRIGGER apogee_test_claims AFTER UPDATE ON apogee_mutations
            FOR EACH ROW EXECUTE FUNCTION apogee_test_claim_changed()
            """), logger: TestPostgres.logger)
        let (stream, continuation) = AsyncStream.makeStream(of: ClaimEvent.self)
        let (ready, readySignal) = AsyncStream.makeStream(of: Void.self)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { continuation.finish() }
                try await client.withConnection { connection in
                    try await connection.listen(on: "apogee_test_claims") { notifications in
                        readySignal.yield()
                        for try await notification in notifications {
                            if let event = ClaimEvent(notification.payload) { continuation.yield(event) }
                        }
                    }
                }
            }
            defer { group.cancelAll() }
            for await _ in ready { break }
            return try await body(ClaimEvents(events: stream.makeAsyncIterator()))
        }
    }

    private init(events: AsyncStream<ClaimEvent>.Iterator) {
        self.events = events
    }

    /// The next event that `matches`, keeping those before it in ``heard``.
    func next(where matches: (ClaimEvent) -> Bool) async throws -> ClaimEvent {
        while let event = await events.next() {
            heard.append(event)
            if matches(event) { return event }
        }
        throw ClaimEventsEnded(heard: heard)
    }
}

extension ClaimEvent {
    /// The trigger's payload: key, worker, attempts and expiry, separated by `|`.
    init?(_ payload: String) {
        let fields = payload.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, let attempts = Int(fields[2]) else { return nil }
        self.init(
            key: fields[0],
            worker: fields[1].isEmpty ? nil : fields[1],
            attempts: attempts,
            expiresAt: Double(fields[3]),
            heardAt: .now
        )
    }
}

/// The listening connection ended, or the test was cancelled, before the event came.
struct ClaimEventsEnded: Error, CustomStringConvertible {
    var heard: [ClaimEvent]
    var description: String { "no more claim events; heard: \(heard.map { "\($0.key) \($0.worker ?? "-") \($0.attempts)" })" }
}
