import GraphQL

/// Whether an operation asks for incremental delivery: an `@defer` or `@stream` whose `if`
/// is true, in its selections or in a fragment they spread.
enum IncrementalUsage {
    static func isActive(in operation: OperationDefinition, document: Document, variables: OperationVariables) -> Bool {
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions {
            fragments[fragment.name.value] = fragment
        }
        var visited: Set<String> = []
        return uses(operation.selectionSet, fragments: fragments, variables: variables, visited: &visited)
    }

    private static func uses(
        _ selectionSet: SelectionSet,
        fragments: [String: FragmentDefinition],
        variables: OperationVariables,
        visited: inout Set<String>
    ) -> Bool {
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                if variables.activeStream(field.directives) != nil { return true }
                if let child = field.selectionSet, uses(child, fragments: fragments, variables: variables, visited: &visited) { return true }
            case let inline as InlineFragment:
                if variables.activeDefer(inline.directives) != nil { return true }
                if uses(inline.selectionSet, fragments: fragments, variables: variables, visited: &visited) { return true }
            case let spread as FragmentSpread:
                if variables.activeDefer(spread.directives) != nil { return true }
                let name = spread.name.value
                guard !visited.contains(name), let fragment = fragments[name] else { continue }
                visited.insert(name)
                if uses(fragment.selectionSet, fragments: fragments, variables: variables, visited: &visited) { return true }
            default:
                continue
            }
        }
        return false
    }
}
