/// Names an optimistic layer, to remove it later.
public struct OptimisticLayerID: Sendable, Hashable, CustomStringConvertible {
    let rawValue: Int

    /// A readable description, for logs and test failures.
    public var description: String { "optimistic layer \(rawValue)" }
}

/// Changes that stand over the base records until they are removed: an optimistic response
/// shown before the server answers.
///
/// A layer keeps the closure that made it, so that when the base changes under it (another
/// mutation's real result arrives) the closure runs again on the new base: a rebase, which
/// keeps an updater that appends to a list from hiding what the base gained meanwhile.
struct OptimisticLayer {
    let id: OptimisticLayerID
    let body: @Sendable (CacheTransaction) throws -> Void
    var changes: RecordChangeSet
    /// What `body` read when it last ran; a rebase skips the layer when none of it changed.
    var reads: LayerReads
}
