import ApogeeAPI

/// What a write needs to know of a generated selection set's whole tree, worked out once per
/// type rather than by walking the tree at every write: a subscription writes the same
/// selections for every event.
struct SelectionFacts: Sendable {
    /// Whether `__id` is selected anywhere, fragments included.
    let selectsClientID: Bool
    /// Whether a list directive (`@appendEdge`, `@deleteRecord`, …) appears anywhere.
    let hasListDirectives: Bool

    /// The facts of `type`'s selections.
    static func of<Value: SelectionSet>(_ type: Value.Type) -> SelectionFacts {
        let id = ObjectIdentifier(type)
        if let known = known.withLock({ $0[id] }) { return known }
        let selections = Value.__selections
        let facts = SelectionFacts(selectsClientID: selections.selectsClientID, hasListDirectives: ListDirective.appear(in: selections))
        known.withLock { $0[id] = facts }
        return facts
    }

    /// One entry per generated type the process has written: a fixed, small number.
    private static let known = Locked<[ObjectIdentifier: SelectionFacts]>([:])
}
