import GraphQL

/// An `@defer` on an inline fragment or a fragment spread, as the generated code needs it.
struct IRDeferral: Hashable, Sendable {
    /// The `label` argument, a string literal; validation requires one on inline fragments.
    var label: String?
}

/// The incremental delivery directives, `@defer` and `@stream`, read from the AST.
enum IncrementalDelivery {
    /// The `@defer` of a fragment, or `nil` when it has none or its `if` is the literal `false`
    /// (the fragment is then delivered with the rest).
    static func deferral(_ directives: [Directive]) -> IRDeferral? {
        guard let directive = directives.first(where: { $0.name.value == "defer" }), isActive(directive) else { return nil }
        return IRDeferral(label: label(of: directive))
    }

    /// Whether an `@defer` or `@stream` may take effect: its `if` is not the literal `false`.
    static func isActive(_ directive: Directive) -> Bool {
        guard let condition = directive.arguments.first(where: { $0.name.value == "if" })?.value as? BooleanValue else { return true }
        return condition.value
    }

    /// The `label` argument when it is a string literal.
    static func label(of directive: Directive) -> String? {
        (directive.arguments.first { $0.name.value == "label" }?.value as? StringValue)?.value
    }

    /// Whether a selection set defers or streams anything that may take effect, at any depth,
    /// not counting the fragments it spreads.
    static func deliversIncrementally(_ selectionSet: GraphQL.SelectionSet) -> Bool {
        var pending = [selectionSet]
        func active(_ directives: [Directive]) -> Bool {
            directives.contains { ($0.name.value == "defer" || $0.name.value == "stream") && isActive($0) }
        }
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    if active(field.directives) { return true }
                    if let nested = field.selectionSet { pending.append(nested) }
                case let inline as InlineFragment:
                    if active(inline.directives) { return true }
                    pending.append(inline.selectionSet)
                case let spread as FragmentSpread:
                    if active(spread.directives) { return true }
                default:
                    break
                }
            }
        }
        return false
    }
}
