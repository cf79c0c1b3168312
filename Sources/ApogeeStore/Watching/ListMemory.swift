import ApogeeAPI

/// What a watcher's last read made of its lists of objects: for each element, the fields its
/// read depended on, and the list as it was decoded. The next read takes again each element
/// whose records are unchanged, so a watcher of a long list that one page or one row changed
/// reads and decodes that page or row, not the list.
final class ListMemory {
    /// One list of objects in a read: the field that holds it, and the selections made on its
    /// elements (the same field read twice with other selections is another list).
    struct ListID: Hashable {
        let record: CacheKey
        let field: String
        let selections: UInt
    }

    /// A list as the last read left it.
    struct List {
        /// The stored items, references to the elements' records.
        var items: [RecordValue]
        /// For each item, what reading its element depended on; ``RunReference/none`` for an
        /// element that is always read again (`null`, or one that read a field with an expiry time).
        var elements: ElementRuns
        /// The list decoded, as the generated `[Element]`; `nil` until the decode kept it.
        var decoded: Any?
    }

    /// The lists of the last read.
    private(set) var lists: [ListID: List] = [:]
    /// What the read under way makes of its lists, and where each lies in its document.
    private var reading: [ListID: List] = [:]
    private var positions: [(position: Int, list: ListID)] = []

    /// The list `id` as the last read left it, if it was decoded.
    func previous(_ id: ListID) -> List? {
        guard let list = lists[id], list.decoded != nil else { return nil }
        return list
    }

    /// Notes a list the read under way made at `position` of its document.
    func note(_ list: List, as id: ListID, at position: Int) {
        reading[id] = list
        positions.append((position, id))
    }

    /// Forgets the lists the read under way made from `position` on, which it took back.
    func rollBack(to position: Int) {
        while let last = positions.last, last.position >= position {
            positions.removeLast()
            reading[last.list] = nil
        }
    }

    /// Makes the read under way the last one, with the lists its decode kept.
    func finishRead(decoded reuse: JSONDocument.ListReuse) {
        for (position, id) in positions {
            reading[id]?.decoded = reuse.decoded[position]
        }
        lists = reading
        reading = [:]
        positions = []
    }

    /// Drops the read under way, keeping nothing: the next read reads everything.
    func discardRead() {
        lists = [:]
        reading = [:]
        positions = []
    }
}
