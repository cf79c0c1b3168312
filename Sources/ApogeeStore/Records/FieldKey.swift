/// One field of one record: the unit of change the store reports and the unit watchers
/// depend on.
///
/// Field granularity matters for the roots: every query reads `QUERY_ROOT`, so if watchers
/// depended on whole records, writing `launch({"id":"26"})` would wake every query watcher.
public struct FieldKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The record.
    public var record: CacheKey
    /// The field's storage key in that record, arguments included (`launch({"id":"25"})`).
    public var field: String

    /// Names a field of a record.
    public init(_ record: CacheKey, _ field: String) {
        self.record = record
        self.field = field
    }

    /// `Launch:25.site`, the way Apollo prints dependent keys.
    public var description: String { "\(record.rawValue).\(field)" }

    /// Orders by record, then field, for stable output.
    public static func < (lhs: FieldKey, rhs: FieldKey) -> Bool {
        (lhs.record, lhs.field) < (rhs.record, rhs.field)
    }
}
