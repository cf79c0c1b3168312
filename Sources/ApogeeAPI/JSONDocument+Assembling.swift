extension JSONDocument {
    /// Assembles a document from values already in memory, for the store's reads: the result
    /// reads exactly like a parsed document, and its strings are the ones the caller holds, so
    /// none is copied or hashed on the way to a generated type.
    ///
    /// Values are appended depth first. An object is opened with ``beginObject()``, gets each
    /// field as ``appendName(_:toObjectAt:)`` and then the value, and is closed with
    /// ``endObject(at:)``; a list likewise, with its elements.
    package struct Assembler {
        private var entries: [Entry] = []
        private var strings: [String] = []
        private var objectsOpened: UInt32 = 0

        /// Starts an empty document.
        package init() {}

        /// Where the assembly stands, to go back to with ``rollBack(to:)``.
        package struct Mark {
            fileprivate let entries: Int
            fileprivate let strings: Int
            fileprivate let objectsOpened: UInt32
        }

        /// The current position.
        package var mark: Mark {
            Mark(entries: entries.count, strings: strings.count, objectsOpened: objectsOpened)
        }

        /// Forgets everything appended after `mark`: a value that could not be read whole,
        /// to be replaced by another. The member counts of objects opened before `mark` are
        /// the caller's to keep right, as they are when a value is replaced.
        package mutating func rollBack(to mark: Mark) {
            entries.removeSubrange(mark.entries...)
            strings.removeSubrange(mark.strings...)
            objectsOpened = mark.objectsOpened
        }

        /// Opens an object and returns its position, for its fields and for ``endObject(at:)``.
        package mutating func beginObject() -> Int {
            open(.object)
        }

        /// Appends the name of a field of the object at `position`; its value comes next.
        package mutating func appendName(_ name: String, toObjectAt position: Int) {
            entries[position].count += 1
            appendHeld(name)
        }

        /// Whether the object at `position`, still open, has a field named `name` already.
        package func hasMember(named name: String, inObjectAt position: Int) -> Bool {
            let length = UInt32(name.utf8.count)
            var member = position + 1
            for _ in 0..<entries[position].count {
                let nameEntry = entries[member]
                if nameEntry.count == length, strings[Int(nameEntry.start)] == name { return true }
                // The field being read has its name appended, but not yet its value.
                guard member + 1 < entries.count else { break }
                member = Int(entries[member + 1].end)
            }
            return false
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
            entries[position].count = UInt32(count)
            close(position)
        }

        /// Appends `null`.
        package mutating func appendNull() {
            appendScalar(.null, bits: 0)
        }

        /// Appends a string, held as it is.
        package mutating func append(_ string: String) {
            appendHeld(string)
        }

        /// Appends a JSON value; its lists and objects become entries, so the document reads
        /// them as it reads parsed ones.
        package mutating func append(_ value: JSONValue) {
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
        package func finish() -> JSONDocument {
            precondition(!entries.isEmpty && entries[0].end == UInt32(entries.count), "an assembled document holds one whole value")
            let buffer = UnsafeMutableBufferPointer<Entry>.allocate(capacity: entries.count)
            _ = buffer.initialize(from: entries)
            return JSONDocument(bytes: UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0), entries: buffer, strings: strings)
        }

        private mutating func appendHeld(_ string: String) {
            entries.append(Entry(kind: .heldString, start: UInt32(strings.count), count: UInt32(string.utf8.count), end: UInt32(entries.count + 1)))
            strings.append(string)
        }

        private mutating func appendScalar(_ kind: Entry.Kind, bits: UInt64) {
            entries.append(Entry(kind: kind, start: UInt32(truncatingIfNeeded: bits), count: UInt32(truncatingIfNeeded: bits >> 32), end: UInt32(entries.count + 1)))
        }

        /// Appends a container's entry; until it closes, `start` holds the objects opened
        /// before it, as the indexer keeps it.
        private mutating func open(_ kind: Entry.Kind) -> Int {
            let position = entries.count
            entries.append(Entry(kind: kind, start: objectsOpened, count: 0, end: 0))
            if kind == .object { objectsOpened += 1 }
            return position
        }

        private mutating func close(_ position: Int) {
            entries[position].end = UInt32(entries.count)
            entries[position].start = objectsOpened - entries[position].start
        }
    }
}
