/// Something records can be read from: the store's visible records (the base with the
/// optimistic layers over it), or a transaction's view (the base with its own writes).
protocol RecordReading {
    /// The record as this view sees it, or `nil` when it does not exist here.
    func record(for key: CacheKey) throws -> Record?
    /// How the store keys objects, for finding the record a redirected field names.
    var keyPolicy: CacheKeyPolicy { get }
    /// Whether an optimistic layer changes the field: a write the server has not confirmed.
    func hasPendingWrite(_ key: CacheKey, field: String) -> Bool
    /// Whether any optimistic layer exists, so that a read without one asks nothing more.
    var hasOptimisticLayers: Bool { get }
}
