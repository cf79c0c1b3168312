/// A live read the store keeps up to date.
///
/// The store calls it with its lock held, after a commit that touched one of its
/// dependencies; it re-reads, delivers if the result changed, and says what it now depends on.
protocol StoreWatcher: AnyObject {
    /// The fields the last read looked at, in reading order.
    var dependencies: ReadDependencies { get }
    /// When the last read's result changes because a field it read expires, or `nil`.
    var nextExpiry: Int64? { get }
    /// Reads again from the store's visible records and delivers the result if it changed.
    /// `changed` lists the records changed since the last read, `nil` when that is unknown
    /// (the first read, an expiry, a clear): what the watcher may keep from its last read.
    func refresh(from core: StoreCore, changed: ChangedRecords?)
    /// Ends delivery; called when the store goes away.
    func finish()
}
