import ApogeeStore

/// The configured maximum ages, arranged for the read path: most records have no rule, and
/// finding that out costs one dictionary lookup.
struct ExpiryRules: Sendable {
    /// A type's age and its fields' own ages, in milliseconds.
    struct TypeRules: Sendable {
        var age: Int64?
        var fieldAges: [String: Int64] = [:]
    }

    private var byType: [String: TypeRules] = [:]

    /// Reads `"Type"` and `"Type.field"` rules.
    init(_ maximumAges: [String: Duration]) {
        for (name, age) in maximumAges {
            let components = age.components
            let milliseconds = components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
            if let dot = name.firstIndex(of: ".") {
                byType[String(name[..<dot]), default: TypeRules()].fieldAges[String(name[name.index(after: dot)...])] = milliseconds
            } else {
                byType[name, default: TypeRules()].age = milliseconds
            }
        }
    }

    var isEmpty: Bool { byType.isEmpty }

    /// The record without the fields that are older than their maximum age at `now`.
    /// A field whose write time is unknown counts as expired when a rule covers it.
    func fresh(_ stored: StoredRecord, now: Int64) -> Record {
        guard !byType.isEmpty, let typename = Self.typename(of: stored.record), let rules = byType[typename] else {
            return stored.record
        }
        var record = stored.record
        for name in stored.record.fields.keys {
            guard let age = rules.fieldAges[Self.fieldName(name)] ?? rules.age else { continue }
            if let written = stored.written[name], now - written <= age { continue }
            record.fields[name] = nil
        }
        return record
    }

    /// The record's type: its `__typename`, the root's type, or the key before its colon.
    static func typename(of record: Record) -> String? {
        if case .scalar(.string(let name))? = record.fields["__typename"] { return name }
        switch record.key {
        case .queryRoot: return "Query"
        case .mutationRoot: return "Mutation"
        case .subscriptionRoot: return "Subscription"
        default:
            guard let colon = record.key.rawValue.firstIndex(of: ":") else { return nil }
            return String(record.key.rawValue[..<colon])
        }
    }

    /// A field's name without its arguments: `launch({"id":"25"})` is `launch`.
    static func fieldName(_ storageKey: String) -> String {
        guard let parenthesis = storageKey.firstIndex(of: "(") else { return storageKey }
        return String(storageKey[..<parenthesis])
    }
}
