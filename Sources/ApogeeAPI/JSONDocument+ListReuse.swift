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
        /// one the index of the element to take from it, or `-1` to decode the element.
        @usableFromInline
        package struct Plan {
            @usableFromInline package let previous: Any
            @usableFromInline package let sources: [Int]

            package init(previous: Any, sources: [Int]) {
                self.previous = previous
                self.sources = sources
            }
        }

        /// The plans, by the position of the list's entry.
        @usableFromInline package var plans: [Int: Plan] = [:]
        /// The positions of the lists whose decoded values are kept.
        @usableFromInline package var kept: Set<Int> = []
        /// The lists decoded, by position, as `[Element]`.
        @usableFromInline package var decoded: [Int: Any] = [:]

        package init() {}

        /// The list at `value` made by its plan, or `nil` when it has none.
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
            var list = [Element]()
            list.reserveCapacity(plan.sources.count)
            var element = value.firstElement
            for (index, source) in plan.sources.enumerated() {
                let next = element.nextSibling
                if source >= 0 && source < previous.count {
                    list.append(previous[source])
                } else {
                    do {
                        list.append(try Element(parsed: element))
                    } catch let error as ResponseDecodingError {
                        throw error.prepending(.index(index))
                    }
                }
                element = next
            }
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
