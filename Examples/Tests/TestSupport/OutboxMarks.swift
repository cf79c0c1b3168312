@testable import ApogeeAPI
@testable import ApogeeStore

/// Marks that store updaters leave in a client-only record, `Client:outbox`, so that a test
/// sees which updater ran, and when, across a restart or from another process.
public enum OutboxMarks {
    /// The record the marks are kept in.
    public static let key = CacheKey("Client:outbox")

    /// Writes `value` into `field` of the marks' record, making it when it is missing.
    public static func mark(_ field: String, _ value: String, in store: StoreProxy) throws {
        let record = try store.record(for: key) ?? store.create(key: key, typename: "Outbox")
        try record.setValue(value, forField: field)
    }

    /// The mark in `field` as readers of `store` see it now, optimistic layers included.
    public static func mark(_ field: String, in store: NormalizedStore) throws -> String? {
        guard case .scalar(.string(let value))? = try store.record(for: key)?[field] else { return nil }
        return value
    }
}
