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
                let repeated = Set(newItems)
                let kept = oldItems[..<start].filter { !repeated.contains($0) }
                // The pages that started after this one's place are gone with their items.
                starts = starts.filter { if case .int(let index) = $0.value { index <= kept.count } else { false } }
                starts[cursor] = .int(kept.count)
                fields[page.itemsField] = .list(kept + newItems)
                fields[Self.pageStartsField] = .scalar(.object(starts))
            case .offset(let offset, let size):
                guard let stored = try lookUp(page.record), case .list(let oldItems)? = stored.fields[page.itemsField] else { break }
                let repeated = Set(newItems)
                let head = oldItems[..<min(offset, oldItems.count)].filter { !repeated.contains($0) }
                let end = offset + newItems.count
                let endsList = size.map { newItems.count < $0 } ?? false
                let tail = endsList || end >= oldItems.count ? [] : oldItems[end...].filter { !repeated.contains($0) }
                fields[page.itemsField] = .list(head + newItems + tail)
            }
            records[page.record] = fields
        }
    }
}
