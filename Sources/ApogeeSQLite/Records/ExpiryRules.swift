import ApogeeStore

/// The configured maximum ages, applied when a record is read: a field's expiry time is its
/// write time plus its age, so a changed configuration applies to records already stored.
struct ExpiryRules: Sendable {
    private let ages: MaximumAges

    init(_ maximumAges: [String: Duration]) {
        ages = MaximumAges(maximumAges)
    }

    var isEmpty: Bool { ages.isEmpty }

    /// The record with the expiry times the rules give its fields. A time the record already
    /// has (from the schema or the server) stands when it comes sooner. A field whose write
    /// time is unknown counts as expired long ago when a rule covers it.
    func applied(to stored: StoredRecord) -> Record {
        guard !ages.isEmpty, let typename = stored.record.typename, ages.covers(typename) else {
            return stored.record
        }
        var record = stored.record
        // `__typename` says what the record is; it never expires.
        for name in stored.record.fields.keys where name != "__typename" {
            guard let age = ages.milliseconds(typename: typename, storageKey: name) else { continue }
            let deadline = stored.written.time(of: name).map { $0 + age } ?? 0
            record.expirations[name] = min(deadline, record.expirations[name] ?? .max)
        }
        return record
    }
}
