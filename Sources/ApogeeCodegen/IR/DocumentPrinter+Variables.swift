import GraphQL

extension DocumentPrinter {
    /// The variables the document sent to the server uses: those in arguments of fields and
    /// of directives that are sent, in the operation and the fragments it spreads. A variable
    /// used only by client directives (`@appendEdge(connections: $connections)`) is not among
    /// them, so its definition is left out of the document, as the Relay compiler does: a server
    /// rejects an operation that defines a variable it never uses. The generated operation keeps
    /// the variable, for the store.
    static func usedVariables(in operation: OperationDefinition, fragments: [String: FragmentDefinition]) -> Set<String> {
        var used = Set<String>()
        var visited = Set<String>()
        collect(operation.directives, into: &used)
        collect(operation.selectionSet, fragments: fragments, visited: &visited, into: &used)
        return used
    }

    private static func collect(
        _ set: GraphQL.SelectionSet,
        fragments: [String: FragmentDefinition],
        visited: inout Set<String>,
        into used: inout Set<String>
    ) {
        for selection in set.selections {
            switch selection {
            case let field as Field:
                for argument in field.arguments { collect(argument.value, into: &used) }
                collect(field.directives, into: &used)
                if let nested = field.selectionSet { collect(nested, fragments: fragments, visited: &visited, into: &used) }
            case let inline as InlineFragment:
                collect(inline.directives, into: &used)
                collect(inline.selectionSet, fragments: fragments, visited: &visited, into: &used)
            case let spread as FragmentSpread:
                collect(spread.directives, into: &used)
                let name = spread.name.value
                guard visited.insert(name).inserted, let fragment = fragments[name] else { continue }
                collect(fragment.directives, into: &used)
                collect(fragment.selectionSet, fragments: fragments, visited: &visited, into: &used)
            default:
                break
            }
        }
    }

    private static func collect(_ directives: [Directive], into used: inout Set<String>) {
        for directive in directives where !ClientDirectives.names.contains(directive.name.value) {
            for argument in directive.arguments { collect(argument.value, into: &used) }
        }
    }

    private static func collect(_ value: Value, into used: inout Set<String>) {
        switch value {
        case let variable as Variable: used.insert(variable.name.value)
        case let list as ListValue: for element in list.values { collect(element, into: &used) }
        case let object as ObjectValue: for field in object.fields { collect(field.value, into: &used) }
        default: break
        }
    }
}
