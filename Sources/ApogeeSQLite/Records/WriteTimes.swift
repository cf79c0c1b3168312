import ApogeeStore

/// When each field of a stored record was last written, in milliseconds since 1970.
///
/// Most records are written whole, at one time, and are stored as `[[time]]`. They keep that
/// one time here, so writing or reading such a record builds no table of field names.
struct WriteTimes {
    private enum Storage {
        /// Every field of the record was written at this time.
        case once(Int64)
        /// Each field's own time.
        case perField([String: Int64])
    }

    private var storage: Storage

    /// Every field of the record written at `time`.
    init(allAt time: Int64) {
        storage = .once(time)
    }

    /// Each field's own time.
    init(_ times: [String: Int64]) {
        storage = .perField(times)
    }

    /// When `field`, one of the record's fields, was written; `nil` when that is unknown.
    func time(of field: String) -> Int64? {
        switch storage {
        case .once(let time): time
        case .perField(let times): times[field]
        }
    }

    /// The one time at which every field of `fields`, the record's, was written, or `nil`
    /// when the fields were written at different times.
    func commonTime(of fields: [String: RecordValue]) -> Int64? {
        switch storage {
        case .once(let time):
            return time
        case .perField(let times):
            guard let time = times.first?.value, times.count == fields.count, times.values.allSatisfy({ $0 == time }) else { return nil }
            return time
        }
    }

    /// The fields' names grouped by their write time, the earliest first.
    func groups(of fields: [String: RecordValue]) -> [(time: Int64, names: [String])] {
        switch storage {
        case .once(let time):
            return [(time, Array(fields.keys))]
        case .perField(let times):
            var groups: [Int64: [String]] = [:]
            for (name, time) in times { groups[time, default: []].append(name) }
            return groups.keys.sorted().map { ($0, groups[$0] ?? []) }
        }
    }

    /// Notes a write that removes the fields `removed` and then sets `set` at `time`, on a
    /// record whose fields were `before`.
    mutating func note(setting set: some Collection<String>, removing removed: Set<String>, at time: Int64, before: [String: RecordValue]) {
        if case .once(let earlier) = storage {
            // Still one time when the write is at the same time, or when it sets every field
            // it leaves in place (a whole record fetched again). `__typename` is left out: a
            // write skips it when it has not changed, and it never expires, so its time is
            // never asked for.
            if earlier == time { return }
            let kept = before.keys.filter { !removed.contains($0) }
            if kept.count <= set.count + 1 {
                let setNames = Set(set)
                if kept.allSatisfy({ $0 == "__typename" || setNames.contains($0) }) {
                    storage = .once(time)
                    return
                }
            }
            var times = [String: Int64](minimumCapacity: before.count + set.count)
            for name in kept { times[name] = earlier }
            storage = .perField(times)
        }
        guard case .perField(var times) = storage else { return }
        // Emptied first, so that changing the table does not copy it.
        storage = .once(0)
        for name in removed { times[name] = nil }
        for name in set { times[name] = time }
        storage = .perField(times)
    }
}
