extension CacheTransaction {
    /// What decides when the fields a write stores expire, in the order it is asked: the
    /// schema's declared age of the field, then of its type; the age the server's response
    /// gave (`Cache-Control: max-age`); the store's own fallback ages.
    struct Lifetimes {
        /// The ages the schema declares (`@cacheControl`), from the operation being written.
        var declared: MaximumAges?
        /// The response's `max-age`, in milliseconds, when the client honours it.
        var responseMaxAge: Int64?
    }

    /// Whether anything gives fields an age, so that the common case costs one check.
    var stampsExpiry: Bool {
        lifetimes.declared != nil || lifetimes.responseMaxAge != nil || !core.maximumAges.isEmpty
    }

    /// The types whose records may get expiry times from this write, or `nil` when every
    /// record may (a response's `max-age` covers all it wrote). Asked once per write, so that
    /// a record of another type costs one lookup.
    var coveredTypes: Set<String>? {
        guard lifetimes.responseMaxAge == nil else { return nil }
        return (lifetimes.declared?.coveredTypes ?? []).union(core.maximumAges.coveredTypes)
    }

    /// The expiry times of fields written now into a record of type `typename`, or `nil` when
    /// none of them has an age. `__typename` never expires: it is what the record is.
    func deadlines(for names: Dictionary<String, RecordValue>.Keys, typename: String?, now: Int64) -> [String: Int64]? {
        var deadlines: [String: Int64]?
        for name in names where name != "__typename" {
            let declared = typename.flatMap { lifetimes.declared?.milliseconds(typename: $0, storageKey: name) }
            let fallback = typename.flatMap { core.maximumAges.milliseconds(typename: $0, storageKey: name) }
            guard let age = declared ?? lifetimes.responseMaxAge ?? fallback else { continue }
            deadlines = deadlines ?? [:]
            deadlines?[name] = now + age
        }
        return deadlines
    }

    /// Uses the ages an operation's schema declares for what this transaction writes next.
    func declareAges(_ seconds: [String: Int]) {
        guard !seconds.isEmpty else { return }
        lifetimes.declared = MaximumAges(seconds: seconds)
    }
}
