import ApogeeAPI

extension CacheTransaction {
    /// The field of a cursor list's record that notes where each page after the first starts:
    /// the cursor it followed, with the index of its first item. The store's own, never read
    /// by a query.
    static let pageStartsField = "__pageStarts"

    /// Merges newly normalized pages of `@paginated` lists with the items already stored.
    ///
    /// - A first page (no cursor, offset 0) replaces the list, as a refresh does.
    /// - A page after a cursor goes where the page that cursor ended was followed before
    ///   (the items after it go: they were the pages that followed), or else at the end: the
    ///   cursor is the list's next one, or one the store never saw.
    /// - A page at an offset takes the places from that offset on; the items after it stay,
    ///   unless the page is shorter than its size, which says the list ends there.
    ///
    /// An item that the page brings again is not kept twice: the page's place wins.
    func mergeListPages(_ pages: [ListPageWrite], into records: inout NormalizedRecords) throws {
        for page in pages {
            guard var fields = records[page.record], case .list(let newItems)? = fields[page.itemsField] else { continue }
            core.knownListPages.insert(FieldKey(page.record, page.itemsField))
            switch page.position {
            case .first:
                if try lookUp(page.record)?.fields[Self.pageStartsField] != nil {
                    fields[Self.pageStartsField] = .scalar(.object([:]))
                }
            case .after(let cursor, _):
                guard let stored = try lookUp(page.record), case .list(let oldItems)? = stored.fields[page.itemsField] else { break }
                var starts: JSONObject = [:]
                if case .scalar(.object(let noted))? = stored.fields[Self.pageStartsField] { starts = noted }
                let start: Int
                if case .int(let known)? = starts[cursor] {
                    start = min(max(known, 0), oldItems.count)
                } else {
                    start = oldItems.count
                }
                if start + newItems.count == oldItems.count, oldItems[start...].elementsEqual(newItems) {
                    // The page again, where it was: the list stays as it is, and the merge
                    // costs the page, not the list.
                    fields[page.itemsField] = .list(oldItems)
                    fields[Self.pageStartsField] = nil
                    break
                }
                var items = [RecordValue]()
                items.reserveCapacity(start + newItems.count)
                try keep(oldItems[..<start], without: newItems, in: &items)
                let keptCount = items.count
                items.append(contentsOf: newItems)
                if keptCount < oldItems.count {
                    // The pages that started after this one's place are gone with their items.
                    starts = starts.filter { if case .int(let index) = $0.value { index <= keptCount } else { false } }
                }
                starts[cursor] = .int(keptCount)
                fields[page.itemsField] = .list(items)
                fields[Self.pageStartsField] = .scalar(.object(starts))
            case .offset(let offset, let size):
                guard let stored = try lookUp(page.record), case .list(let oldItems)? = stored.fields[page.itemsField] else { break }
                var items = [RecordValue]()
                items.reserveCapacity(max(oldItems.count, offset + newItems.count))
                try keep(oldItems[..<min(offset, oldItems.count)], without: newItems, in: &items)
                items.append(contentsOf: newItems)
                let end = offset + newItems.count
                let endsList = size.map { newItems.count < $0 } ?? false
                if !endsList && end < oldItems.count {
                    try keep(oldItems[end...], without: newItems, in: &items)
                }
                fields[page.itemsField] = .list(items)
            }
            records[page.record] = fields
        }
    }

    /// Appends to `kept` the stored items of a list that stay beside a new page: all of
    /// `items`, but the ones the page brings again.
    ///
    /// Looking for them costs the whole list, so it is done only when the page has an item
    /// the store already held: an item whose record is new cannot be in the list. (A record
    /// removed while a list still named it is taken out of the list too, by
    /// ``deleteRecordAndEdges(_:)``.)
    private func keep(_ items: ArraySlice<RecordValue>, without page: [RecordValue], in kept: inout [RecordValue]) throws {
        var pageHasStoredItem = false
        for item in page {
            guard case .reference(let key) = item else {
                pageHasStoredItem = true
                break
            }
            if try lookUp(key) != nil {
                pageHasStoredItem = true
                break
            }
        }
        guard pageHasStoredItem else { return kept.append(contentsOf: items) }
        let repeated = Set(page)
        kept.append(contentsOf: items.lazy.filter { !repeated.contains($0) })
    }

    /// Takes the record `key` out of a `@paginated` list, moving the noted starts of the
    /// pages after it back by one.
    func removeItem(_ key: CacheKey, fromListAt list: FieldKey) throws {
        guard let record = try lookUp(list.record), case .list(let items)? = record.fields[list.field],
              let index = items.firstIndex(of: .reference(key)) else { return }
        var fields: [String: RecordValue] = [list.field: .list(items.filter { $0 != .reference(key) })]
        if case .scalar(.object(let starts))? = record.fields[Self.pageStartsField] {
            fields[Self.pageStartsField] = .scalar(.object(starts.mapValues { start in
                if case .int(let position) = start, position > index { .int(position - 1) } else { start }
            }))
        }
        try setFields(fields, of: list.record)
    }
}
