import ApogeeAPI

extension Selection.FieldType {
    /// This type with the object selections of `other` added to its own: the type of a field
    /// selected twice under one response key, which a server answers with both selection sets
    /// merged. Validation makes the two the same type, so only the selections differ.
    func addingSelections(of other: Selection.FieldType) -> Selection.FieldType {
        switch (self, other) {
        case (.nonNull(let inner), .nonNull(let otherInner)), (.list(let inner), .list(let otherInner)):
            let merged = inner.addingSelections(of: otherInner)
            if case .nonNull = self { return .nonNull(merged) }
            return .list(merged)
        case (.nonNull(let inner), _):
            return .nonNull(inner.addingSelections(of: other))
        case (_, .nonNull(let otherInner)):
            return addingSelections(of: otherInner)
        case (.object(let name, let selections), .object(_, let otherSelections)):
            return .object(name, selections + otherSelections)
        default:
            return self
        }
    }
}
