/// The optimistic layers over the base records, lowest first, with an index of the records
/// they change.
///
/// Reading a record through the layers asks each layer for it. With a thousand pending layers
/// that is a thousand lookups for every record a watcher reads, though most records are in no
/// layer at all. The index counts, for each record key, the layers that change it, so a record
/// no layer touches is read from the base at once.
struct LayerStack: RandomAccessCollection {
    private var layers: [OptimisticLayer] = []
    /// How many layers change each record.
    private var layersChanging: [CacheKey: Int] = [:]
    /// How many layers remove every record, which hides every base record from the layers up.
    private var layersRemovingAll = 0

    var startIndex: Int { layers.startIndex }
    var endIndex: Int { layers.endIndex }
    subscript(position: Int) -> OptimisticLayer { layers[position] }

    /// The ids of the layers, lowest first.
    var ids: [OptimisticLayerID] { layers.map(\.id) }

    /// Whether a layer changes the record `key`.
    func changes(_ key: CacheKey) -> Bool {
        // Without layers, nothing to hash: every read of a record asks this.
        layersRemovingAll > 0 || (!layersChanging.isEmpty && layersChanging[key] != nil)
    }

    /// The record as the lowest `count` layers show it over `base`.
    func apply(to base: Record?, key: CacheKey, throughLayers count: Int) -> Record? {
        guard count > 0, changes(key) else { return base }
        var record = base
        for layer in layers.prefix(count) {
            record = layer.changes.apply(to: record, key: key)
        }
        return record
    }

    mutating func append(_ layer: OptimisticLayer) {
        index(layer.changes, adding: 1)
        layers.append(layer)
    }

    /// Removes the layers with these ids, and returns them.
    mutating func remove(_ ids: Set<OptimisticLayerID>) -> [OptimisticLayer] {
        guard !ids.isEmpty else { return [] }
        let removed = layers.filter { ids.contains($0.id) }
        for layer in removed { index(layer.changes, adding: -1) }
        layers.removeAll { ids.contains($0.id) }
        return removed
    }

    /// Gives the layer at `position` the changes and reads of its closure's new run.
    mutating func replace(at position: Int, changes: RecordChangeSet, reads: LayerReads) {
        index(layers[position].changes, adding: -1)
        index(changes, adding: 1)
        layers[position].changes = changes
        layers[position].reads = reads
    }

    private mutating func index(_ changes: RecordChangeSet, adding delta: Int) {
        if changes.removesAllRecords { layersRemovingAll += delta }
        for key in changes.changes.keys {
            let count = (layersChanging[key] ?? 0) + delta
            layersChanging[key] = count > 0 ? count : nil
        }
    }
}
