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
    func refresh(from core: StoreCore)
    /// Ends delivery; called when the store goes away.
    func finish()
}
