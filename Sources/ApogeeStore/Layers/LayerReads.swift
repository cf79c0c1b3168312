/// What an optimistic layer's closure read the last time it ran, so that a rebase runs again
/// only the layers whose inputs changed.
///
/// A closure that read none of the records a base write or a lower layer changed would make
/// the same changes again, and a patch lays over the new base as it did over the old one.
/// With a thousand pending layers (a long offline queue restored) this turns a server write
/// from a thousand closure runs into the few that depend on what it wrote.
struct LayerReads {
    /// The records the closure looked up, through the layers below and its own writes.
    var keys: Set<CacheKey> = []
    /// The closure looked further than single records (every connection or every type the
    /// store holds, to delete by ID), so any change may matter to it.
    var everything = false

    /// Whether a change to `changed` may change what the closure writes.
    func depend(on changed: ChangedKeys) -> Bool {
        if everything || changed.everything { return true }
        // Walk the smaller set: a layer reads a few records, a base write may change many.
        if keys.count <= changed.keys.count {
            return keys.contains { changed.keys.contains($0) }
        }
        return changed.keys.contains { keys.contains($0) }
    }
}

/// The records changed so far in one commit: by the base write, by layers removed, and by
/// layers run again.
struct ChangedKeys {
    var keys: Set<CacheKey> = []
    /// A change removed every record.
    var everything = false

    mutating func add(_ changes: RecordChangeSet) {
        if changes.removesAllRecords { everything = true }
        keys.formUnion(changes.changes.keys)
        keys.formUnion(changes.expirations.keys)
    }
}
