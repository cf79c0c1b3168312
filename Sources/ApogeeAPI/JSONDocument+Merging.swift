extension JSONDocument.Value {
    /// Whether the value reads its document's text: parsed, with no strings held beside it
    /// and no field errors. Only such values are merged by ``merging(_:intoObjectAt:)`` and
    /// ``splicing(_:intoListAt:from:)``.
    package var readsText: Bool {
        document.strings.isEmpty && document.fieldErrors == nil
    }

    /// How many elements the list has, or `nil` when the value is not a list: known without
    /// a walk.
    package var listCount: Int? {
        let entry = entry
        return entry.kind == .array ? Int(entry.count) : nil
    }

    /// This value, an object, with `fields` (another object) merged into the object that
    /// `place` ends at, as `JSONObject.mergeDeeply` merges: nested objects field by field,
    /// lists of the same length element by element, anything else replaced.
    ///
    /// `place` is the values from a member or element of this one down to the object, each
    /// inside the one before; empty for this object itself. The result is a new document that
    /// reads the text of both: neither is turned into a tree, and typed decoding and the store
    /// read the result in place as they read a parsed response.
    /// - Precondition: Both values read text (``readsText``), and `place` leads from this
    ///   value to an object.
    package func merging(_ fields: JSONDocument.Value, intoObjectAt place: [JSONDocument.Value]) -> JSONDocument.Value {
        var merge = DocumentMerge(base: self, addition: fields)
        merge.rebuild(index, along: place.map(\.index)[...]) { merge, target in
            merge.mergeValues(target, fields.index)
        }
        return merge.finish()
    }

    /// This value, an object, with the list that `place` ends at given `items` (a list) from
    /// its element `first` on: those items replace the elements there, and the list grows by
    /// the ones past its end, as a stream's items are placed.
    /// - Precondition: Both values read text (``readsText``), `place` leads from this value
    ///   to a list, and `first` is at most its length.
    package func splicing(_ items: JSONDocument.Value, intoListAt place: [JSONDocument.Value], from first: Int) -> JSONDocument.Value {
        var merge = DocumentMerge(base: self, addition: items)
        merge.rebuild(index, along: place.map(\.index)[...]) { merge, target in
            merge.splice(list: target, items: items.index, from: first)
        }
        return merge.finish()
    }
}

/// Builds a document from a parsed one with another's values merged in, by copying entries:
/// a value neither touches is copied whole (its entries moved by a constant), and only the
/// objects and lists on the way to the merge are made anew. The new document's text is both
/// texts one after the other, so copied entries read their strings where they were.
private struct DocumentMerge {
    private let base: JSONDocument
    private let addition: JSONDocument
    private let entries: UnsafeMutableBufferPointer<JSONDocument.Entry>
    private var count = 0
    /// How many objects have been appended, for the object counts of rebuilt containers.
    private var objects: UInt32 = 0

    /// Which document an entry index refers to.
    enum Source { case base, addition }

    init(base: JSONDocument.Value, addition: JSONDocument.Value) {
        self.base = base.document
        self.addition = addition.document
        // Nothing is appended twice, so both values' entries are room enough.
        let room = (Int(base.entry.end) - base.index) + (Int(addition.entry.end) - addition.index)
        entries = .allocate(capacity: room)
    }

    /// Appends the base's value at `index` anew, with the value at the end of `path` (entry
    /// indices of the base, each inside the one before) appended by `target`.
    mutating func rebuild(_ index: Int, along path: ArraySlice<Int>, target: (inout DocumentMerge, Int) -> Void) {
        guard let next = path.first else {
            target(&self, index)
            return
        }
        let entry = base.entries[index]
        let position = open(entry.kind)
        var member = index + 1
        for _ in 0..<entry.count {
            if entry.kind == .object {
                copy(member, from: .base)
                member += 1
            }
            if member == next {
                rebuild(member, along: path.dropFirst(), target: target)
            } else {
                copy(member, from: .base)
            }
            member = Int(base.entries[member].end)
        }
        close(position, count: entry.count)
    }

    /// Appends the base's value at `mine` merged with the addition's at `theirs`.
    mutating func mergeValues(_ mine: Int, _ theirs: Int) {
        let old = base.entries[mine]
        let new = addition.entries[theirs]
        switch (old.kind, new.kind) {
        case (.object, .object):
            mergeObjects(mine, theirs)
        case (.array, .array) where old.count == new.count:
            let position = open(.array)
            var element = mine + 1
            var other = theirs + 1
            for _ in 0..<old.count {
                mergeValues(element, other)
                element = Int(base.entries[element].end)
                other = Int(addition.entries[other].end)
            }
            close(position, count: old.count)
        default:
            copy(theirs, from: .addition)
        }
    }

    /// Appends an object with the base's fields in their order, each merged with the
    /// addition's field of the same name, then the addition's other fields. A name given
    /// twice stays twice, and the document reads the last of it, as a tree keeps it: only the
    /// last of the base's members of a name is merged, with the last of the addition's, and
    /// the addition's others of that name are left out. So each of the addition's entries is
    /// copied once at most, and the room made in ``init(base:addition:)`` suffices.
    private mutating func mergeObjects(_ mine: Int, _ theirs: Int) {
        let theirMembers = members(of: theirs, in: addition)
        let myMembers = members(of: mine, in: base)
        // Most deferred fragments add a few fields; many are found by name instead.
        var byName: [String: [Int]]?
        if theirMembers.count > 8 {
            byName = Dictionary(grouping: theirMembers.indices) { addition.name(at: addition.entries[theirMembers[$0].name]) }
        }
        // Which of the addition's members each of mine matches (the last of its name), and
        // which of mine is the last to match each of theirs.
        var matches = [Int?](repeating: nil, count: myMembers.count)
        var lastMatching = [Int?](repeating: nil, count: theirMembers.count)
        var merged = [Bool](repeating: false, count: theirMembers.count)
        for (ordinal, member) in myMembers.enumerated() {
            if let byName {
                let found = byName[base.name(at: base.entries[member.name])] ?? []
                for index in found { merged[index] = true }
                matches[ordinal] = found.last
            } else {
                for index in theirMembers.indices where sameName(member.name, in: base, theirMembers[index].name, in: addition) {
                    merged[index] = true
                    matches[ordinal] = index
                }
            }
            if let match = matches[ordinal] { lastMatching[match] = ordinal }
        }
        let position = open(.object)
        for (ordinal, member) in myMembers.enumerated() {
            copy(member.name, from: .base)
            if let match = matches[ordinal], lastMatching[match] == ordinal {
                mergeValues(member.value, theirMembers[match].value)
            } else {
                copy(member.value, from: .base)
            }
        }
        var fields = UInt32(myMembers.count)
        for index in theirMembers.indices where !merged[index] {
            copy(theirMembers[index].name, from: .addition)
            copy(theirMembers[index].value, from: .addition)
            fields += 1
        }
        close(position, count: fields)
    }

    /// Appends the base's list at `list` with the addition's list `items` placed from `first`.
    mutating func splice(list: Int, items: Int, from first: Int) {
        let old = base.entries[list]
        let new = addition.entries[items]
        let position = open(.array)
        var element = list + 1
        for _ in 0..<min(first, Int(old.count)) {
            copy(element, from: .base)
            element = Int(base.entries[element].end)
        }
        var item = items + 1
        for _ in 0..<new.count {
            copy(item, from: .addition)
            item = Int(addition.entries[item].end)
        }
        // The elements past the items, which the 2022 format's index may leave.
        let placed = first + Int(new.count)
        if placed < Int(old.count) {
            for _ in first..<placed { element = Int(base.entries[element].end) }
            for _ in placed..<Int(old.count) {
                copy(element, from: .base)
                element = Int(base.entries[element].end)
            }
        }
        close(position, count: UInt32(max(Int(old.count), placed)))
    }

    /// The new document, whose root is the first value appended.
    func finish() -> JSONDocument.Value {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: base.bytes.count + addition.bytes.count)
        _ = UnsafeMutableBufferPointer(rebasing: bytes[..<base.bytes.count]).initialize(fromContentsOf: base.bytes)
        _ = UnsafeMutableBufferPointer(rebasing: bytes[base.bytes.count...]).initialize(fromContentsOf: addition.bytes)
        let document = JSONDocument(bytes: bytes, entries: UnsafeMutableBufferPointer(rebasing: entries[..<count]), strings: [])
        return document.root
    }

    /// Copies the value at `index` of `source`, everything inside it included.
    private mutating func copy(_ index: Int, from source: Source) {
        let document = source == .base ? base : addition
        let first = document.entries[index]
        let end = Int(first.end)
        let shift = count - index
        let byteShift = source == .base ? 0 : base.bytes.count
        precondition(count + (end - index) <= entries.count, "a merge appends no entry twice")
        for original in index..<end {
            var entry = document.entries[original]
            entry.end = UInt32(Int(entry.end) + shift)
            switch entry.kind {
            case .array, .object: break
            default: entry.start = UInt32(Int(entry.start) + byteShift)
            }
            entries[count] = entry
            count += 1
        }
        if first.kind == .object || first.kind == .array { objects += first.start }
    }

    /// Appends a container's entry, to be finished by ``close(_:count:)``; its `start` holds
    /// the objects appended before it meanwhile.
    private mutating func open(_ kind: JSONDocument.Entry.Kind) -> Int {
        precondition(count < entries.count, "a merge appends no entry twice")
        let position = count
        entries[count] = JSONDocument.Entry(kind: kind, start: objects, count: 0, end: 0)
        count += 1
        if kind == .object { objects += 1 }
        return position
    }

    private mutating func close(_ position: Int, count members: UInt32) {
        entries[position].count = members
        entries[position].end = UInt32(count)
        entries[position].start = objects - entries[position].start
    }

    /// The name and value entries of the object at `index`.
    private func members(of index: Int, in document: JSONDocument) -> [(name: Int, value: Int)] {
        var members: [(name: Int, value: Int)] = []
        members.reserveCapacity(Int(document.entries[index].count))
        var member = index + 1
        for _ in 0..<document.entries[index].count {
            members.append((member, member + 1))
            member = Int(document.entries[member + 1].end)
        }
        return members
    }

    /// Whether two name entries spell the same name: their bytes, when neither has escapes.
    private func sameName(_ first: Int, in firstDocument: JSONDocument, _ second: Int, in secondDocument: JSONDocument) -> Bool {
        let one = firstDocument.entries[first]
        let other = secondDocument.entries[second]
        if one.kind == .string, other.kind == .string {
            guard one.count == other.count else { return false }
            return firstDocument.text(of: one).elementsEqual(secondDocument.text(of: other))
        }
        return firstDocument.name(at: one) == secondDocument.name(at: other)
    }
}
