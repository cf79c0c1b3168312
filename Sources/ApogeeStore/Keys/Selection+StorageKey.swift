import ApogeeAPI

extension Selection.Field {
    /// The key the field is stored under in its record (``FieldStorageKey``): its name,
    /// followed by its arguments as canonical JSON when it has any (`launch({"id":"25"})`), so
    /// that the same field with different arguments never collides. Arguments whose variable
    /// is not given are left out, as the server then uses the argument's default.
    ///
    /// A field with `@connection(key:)` is stored under `__key_connection` with only its filter
    /// arguments, and one with `@paginated` without its page arguments, so that every page of
    /// it goes to the same list.
    func storageKey(with variables: JSONObject) -> String {
        if hasDirectives {
            if let connection = ConnectionDirective(self) {
                return connection.storageKey(arguments: arguments, variables: variables)
            }
            if let paginated = PaginatedDirective(self) {
                return paginated.storageKey(of: self, variables: variables)
            }
        }
        return constantStorageKey ?? variableStorageKey(with: variables)
    }
}

extension Selection {
    /// How many fields the selections hold with their fragments: sizing a record or a
    /// response object once is cheaper than letting it grow.
    static func fieldCount(_ selections: [Selection]) -> Int {
        var count = 0
        for selection in selections {
            switch selection {
            case .field: count += 1
            case .inlineFragment(let fragment): count += fieldCount(fragment.selections)
            case .fragmentSpread(let spread): count += fieldCount(spread.selections)
            }
        }
        return count
    }
}

extension Selection.Condition {
    /// Whether every condition passes; no conditions always pass. A field's callers ask
    /// ``Selection/Field/hasConditions`` first, which most fields answer with no.
    @inline(__always)
    static func allPass(_ conditions: [Selection.Condition], with variables: JSONObject) -> Bool {
        for condition in conditions where !condition.passes(with: variables) {
            return false
        }
        return true
    }
}
