extension JSONDocument {
    /// Lists of an earlier decode that decoding this document takes again, element by element,
    /// so that a watcher of a long list decodes only the elements whose records changed.
    ///
    /// The store's reader fills it while it assembles the document: where an element's records
    /// are unchanged since the watcher's last read, it appends `null` in the element's place
    /// and plans to take the element decoded last time. Decoding a list follows the plan, and
    /// keeps each list it decodes for the next read.
    @usableFromInline
    package final class ListReuse: @unchecked Sendable {
        // Unchecked: filled by one reader and then used by the decode that follows it, both
        // under the store's lock, and never shared beyond them.

        /// How to make one list: the list decoded last time, and for each element of the new
        /// one the index of the element to take from it, or `-1` to decode the element; and
        /// the entry of each element to decode, in order.
        @usableFromInline
        package struct Plan {
            @usableFromInline package let previous: Any
            @usableFromInline package let sources: [Int]
            @usableFromInline package let decodedEntries: [Int]

            package init(previous: Any, sources: [Int], decodedEntries: [Int]) {
                self.previous = previous
                self.sources = sources
                self.decodedEntries = decodedEntries
            }
        }

        /// The plans, by the position of the list's entry.
        @usableFromInline package var plans: [Int: Plan] = [:]
        /// The positions of the lists whose decoded values are kept.
        @usableFromInline package var kept: Set<Int> = []
        /// The lists decoded, by position, as `[Element]`.
        @usableFromInline package var decoded: [Int: Any] = [:]
        /// Whether a list made by its plan is known to differ from the list decoded last time
        /// (another length, or an element decoded again that compares unequal to the one at
        /// its place): the data then differs from the last decode's, without comparing it.
        @usableFromInline package var foundChangedList = false

        package init() {}

        /// The list at `value` made by its plan, or `nil` when it has none. When it comes out
        /// equal to the list decoded last time, that list is given back itself, so comparing
        /// the two costs nothing.
        /// - Throws: A type mismatch when the list decoded last time is not of this type; the
        ///   reader then reads again without reusing anything.
        // Inlinable, so that taking and appending each element is specialized for its type
        // where the generated code is compiled, not done through generic witnesses.
        @inlinable
        func list<Element: ResponseDecodable>(_ type: Element.Type, at value: JSONDocument.Value) throws -> [Element]? {
            guard let plan = plans[value.index] else { return nil }
            guard let previous = plan.previous as? [Element] else {
                throw ResponseDecodingError.typeMismatch(expected: "the list decoded before", found: value)
            }
            let document = value.document
            let sources = plan.sources
            let decodedEntries = plan.decodedEntries
            var list = [Element]()
            list.reserveCapacity(sources.count)
            // Equal to the last list for certain only while every element is taken from its
            // own place or compares equal to the one there.
            var isSameList = sources.count == previous.count
            var isChangedList = !isSameList
            var decodedCount = 0
            var index = 0
            while index < sources.count {
                let source = sources[index]
                if source >= 0 && source < previous.count {
                    // Copied one by one in a loop specialized for the element type: the
                    // runtime's copy of a slice goes through the type's generic witnesses.
                    list.append(previous[source])
                    if source != index { isSameList = false }
                    index += 1
                    continue
                }
                guard decodedCount < decodedEntries.count else {
                    throw ResponseDecodingError.typeMismatch(expected: "an element to decode", found: value)
                }
                let element: Element
                do {
                    element = try Element(parsed: JSONDocument.Value(document: document, index: decodedEntries[decodedCount]))
                } catch let error as ResponseDecodingError {
                    throw error.prepending(.index(index))
                }
                if !isChangedList, index < previous.count {
                    switch responseValuesEqual(element, previous[index]) {
                    case true?: break
                    case false?:
                        isChangedList = true
                        isSameList = false
                    case nil: isSameList = false
                    }
                }
                list.append(element)
                decodedCount += 1
                index += 1
            }
            if isSameList { list = previous }
            if isChangedList { foundChangedList = true }
            keep(list, at: value.index)
            return list
        }

        /// Keeps a decoded list for the next read, when the reader asked for it.
        @inlinable
        func keep<Element>(_ list: [Element], at position: Int) {
            if kept.contains(position) { decoded[position] = list }
        }
    }
}

/// Whether two decoded values are equal, when their type is `Equatable`; `nil` when it is not
/// (or when `first` is `nil`, which does not say which type it is).
@usableFromInline
func responseValuesEqual<Value>(_ first: Value, _ second: Value) -> Bool? {
    guard let equatable = first as? any Equatable else { return nil }
    return equatable.isEqual(toValue: second)
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one. A value cast from an
    /// `Optional` is its wrapped value, so `other` is cast the same way.
    @usableFromInline
    func isEqual(toValue other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
