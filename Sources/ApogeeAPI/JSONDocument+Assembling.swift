extension JSONDocument {
    /// Assembles a document from values already in memory, for the store's reads: the result
    /// reads exactly like a parsed document, and its strings are the ones the caller holds, so
    /// none is copied or hashed on the way to a generated type.
    ///
    /// Values are appended depth first. An object is opened with ``beginObject()``, gets each
    /// field as ``appendName(_:toObjectAt:)`` and then the value, and is closed with
    /// ``endObject(at:)``; a list likewise, with its elements.
    package struct Assembler {
        private let storage: AssemblyStorage
        private var objectsOpened: UInt32 = 0
        /// The errors of the `null`s appended for fields that failed, by entry.
        private var fieldErrors: [Int: [GraphQLError]] = [:]

        /// Starts an empty document, in `storage` when given (emptied by
        /// ``AssemblyStorage/reset()``), else in new memory.
        package init(reusing storage: AssemblyStorage? = nil) {
            self.storage = storage ?? AssemblyStorage()
        }

        /// Where the assembly stands, to go back to with ``rollBack(to:)``.
        package struct Mark {
            fileprivate let entries: Int
            fileprivate let strings: Int
            fileprivate let objectsOpened: UInt32
        }

        /// The index the next value's entry takes.
        package var nextEntry: Int { storage.count }

        /// The current position.
        package var mark: Mark {
            Mark(entries: storage.count, strings: storage.strings.count, objectsOpened: objectsOpened)
        }

        /// Forgets everything appended after `mark`: a value that could not be read whole,
        /// to be replaced by another. The member counts of objects opened before `mark` are
        /// the caller's to keep right, as they are when a value is replaced.
        package mutating func rollBack(to mark: Mark) {
            storage.count = mark.entries
            storage.strings.removeSubrange(mark.strings...)
            objectsOpened = mark.objectsOpened
            if !fieldErrors.isEmpty { fieldErrors = fieldErrors.filter { $0.key < mark.entries } }
        }

        /// Opens an object and returns its position, for its fields and for ``endObject(at:)``.
        package mutating func beginObject() -> Int {
            open(.object)
        }

        /// Appends the name of a field of the object at `position`; its value comes next.
        package mutating func appendName(_ name: consuming String, toObjectAt position: Int) {
            storage.entries[position].count += 1
            appendHeld(name)
        }

        /// Whether the object at `position`, still open, has a field named `name` already.
        package func hasMember(named name: String, inObjectAt position: Int) -> Bool {
            JSONDocument.heldNamePosition(of: name, inObjectAt: position, entries: storage.entries, filled: storage.count, strings: storage.strings) != nil
        }

        /// Closes the object at `position`.
        package mutating func endObject(at position: Int) {
            close(position)
        }

        /// Opens a list and returns its position, for ``endList(at:count:)``.
        package mutating func beginList() -> Int {
            open(.array)
        }

        /// Closes the list at `position`, which got `count` elements.
        package mutating func endList(at position: Int, count: Int) {
            storage.entries[position].count = UInt32(count)
            close(position)
        }

        /// Appends `null`.
        package mutating func appendNull() {
            appendScalar(.null, bits: 0)
        }

        /// Appends `count` `null`s: the places of list elements that the decode takes from
        /// elsewhere.
        package mutating func appendNulls(_ count: Int) {
            storage.reserve(count)
            for _ in 0..<count { appendScalar(.null, bits: 0) }
        }

        /// Appends the `null` of a field that failed, with the server's errors for it, which
        /// the document's decode finds as it finds a response's.
        package mutating func appendNull(explainedBy errors: [GraphQLError]) {
            if !errors.isEmpty { fieldErrors[storage.count] = errors }
            appendScalar(.null, bits: 0)
        }

        /// Appends a string, held as it is.
        package mutating func append(_ string: consuming String) {
            appendHeld(string)
        }

        /// Appends a JSON value; its lists and objects become entries, so the document reads
        /// them as it reads parsed ones.
        package mutating func append(_ value: consuming JSONValue) {
            switch value {
            case .null: appendScalar(.null, bits: 0)
            case .bool(let bool): appendScalar(bool ? .true : .false, bits: 0)
            case .int(let int): appendScalar(.heldInteger, bits: UInt64(truncatingIfNeeded: int))
            case .double(let double): appendScalar(.heldNumber, bits: double.bitPattern)
            case .string(let string): appendHeld(string)
            case .array(let elements):
                let position = beginList()
                for element in elements { append(element) }
                endList(at: position, count: elements.count)
            case .object(let fields):
                let position = beginObject()
                for (name, field) in fields {
                    appendName(name, toObjectAt: position)
                    append(field)
                }
                endObject(at: position)
            }
        }

        /// The document, whose ``JSONDocument/root`` is the first value appended.
        /// - Precondition: One value was appended whole.
        /// The document reads the assembly's storage in place: keep the storage for another
        /// assembly only once the document is gone (`isKnownUniquelyReferenced` says so).
        package func finish() -> JSONDocument {
            finish(listReuse: nil)
        }

        /// The document, whose decode takes lists from an earlier decode as `listReuse` plans.
        package func finish(listReuse: ListReuse?) -> JSONDocument {
            precondition(storage.count > 0 && storage.entries[0].end == UInt32(storage.count), "an assembled document holds one whole value")
            let document = JSONDocument(assembledIn: storage, listReuse: listReuse)
            if fieldErrors.isEmpty { return document }
            return JSONDocument(viewing: document, fieldErrors: FieldErrorIndex(placed: fieldErrors))
        }

        private mutating func appendHeld(_ string: consuming String) {
            storage.append(Entry(kind: .heldString, start: UInt32(storage.strings.count), count: UInt32(string.utf8.count), end: UInt32(storage.count + 1)))
            storage.strings.append(string)
        }

        private mutating func appendScalar(_ kind: Entry.Kind, bits: UInt64) {
            storage.append(Entry(kind: kind, start: UInt32(truncatingIfNeeded: bits), count: UInt32(truncatingIfNeeded: bits >> 32), end: UInt32(storage.count + 1)))
        }

        /// Appends a container's entry; until it closes, `start` holds the objects opened
        /// before it, as the indexer keeps it.
        private mutating func open(_ kind: Entry.Kind) -> Int {
            let position = storage.count
            storage.append(Entry(kind: kind, start: objectsOpened, count: 0, end: 0))
            if kind == .object { objectsOpened += 1 }
            return position
        }

        private mutating func close(_ position: Int) {
            storage.entries[position].end = UInt32(storage.count)
            storage.entries[position].start = objectsOpened - storage.entries[position].start
        }
    }

    /// The memory an assembly writes into, which the document made from it reads in place.
    ///
    /// A caller that assembles documents again and again (the store, for each read) keeps it
    /// once the document is gone and hands it to the next assembly: a large read then reuses its
    /// memory instead of taking fresh pages from the system each time.
    package final class AssemblyStorage: @unchecked Sendable {
        // Unchecked, for Sendable and for exclusivity: written only by the one assembler that
        // holds it, never while anything else reads it, and afterwards only read, by the
        // document made from it; reused only when nothing else holds it. Checking each access
        // at run time cost 8 % of a large read.
        @exclusivity(unchecked) fileprivate var entries: UnsafeMutableBufferPointer<Entry>
        @exclusivity(unchecked) fileprivate var count = 0
        @exclusivity(unchecked) fileprivate var strings: [String] = []

        /// New, empty storage.
        package init() {
            entries = .allocate(capacity: 256)
        }

        deinit {
            entries.deallocate()
        }

        /// Empties the storage for another assembly, keeping its memory.
        package func reset() {
            count = 0
            strings.removeAll(keepingCapacity: true)
        }

        fileprivate func append(_ entry: Entry) {
            if count == entries.count { grow(toHold: count + 1) }
            entries[count] = entry
            count += 1
        }

        /// Makes room for `extra` more entries at once.
        fileprivate func reserve(_ extra: Int) {
            if count + extra > entries.count { grow(toHold: count + extra) }
        }

        private func grow(toHold needed: Int) {
            var capacity = entries.count * 2
            while capacity < needed { capacity *= 2 }
            let grown = UnsafeMutableBufferPointer<Entry>.allocate(capacity: capacity)
            _ = grown.initialize(fromContentsOf: entries)
            entries.deallocate()
            entries = grown
        }
    }
}

extension JSONDocument {
    /// A document that reads an assembly's storage in place, and keeps it alive.
    fileprivate convenience init(assembledIn storage: AssemblyStorage, listReuse: ListReuse?) {
        self.init(
            bytes: UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0),
            entries: UnsafeMutableBufferPointer(rebasing: storage.entries[..<storage.count]),
            strings: storage.strings,
            assembly: storage,
            listReuse: listReuse
        )
    }
}

extension JSONDocument {
    /// The position of the name entry of the field `name` in the object at `position`, in
    /// entries whose names are held strings, or `nil`; lengths are compared first. Of the
    /// entries, `filled` are written: an object being assembled may end in a name whose value
    /// is not appended yet.
    static func heldNamePosition(
        of name: String,
        inObjectAt position: Int,
        entries: UnsafeMutableBufferPointer<Entry>,
        filled: Int,
        strings: [String]
    ) -> Int? {
        let length = UInt32(name.utf8.count)
        var member = position + 1
        for _ in 0..<entries[position].count {
            let nameEntry = entries[member]
            if nameEntry.count == length, strings[Int(nameEntry.start)] == name { return member }
            guard member + 1 < filled else { break }
            member = Int(entries[member + 1].end)
        }
        return nil
    }
}
