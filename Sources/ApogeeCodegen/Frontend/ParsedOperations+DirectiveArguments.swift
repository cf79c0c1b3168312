import GraphQL

extension ParsedOperations {
    /// Whether a validation error is GraphQLSwift's second report of an unknown directive.
    ///
    /// Its rule for field arguments looks at every argument under a field that no argument
    /// definition is known for, and an unknown directive's arguments are under the field the
    /// directive is on: they came back as unknown arguments of the field, after the unknown
    /// directive itself. (A known directive's unknown argument is reported by that rule alone,
    /// so its error stays.)
    static func isFieldArgumentError(_ error: GraphQLError, onA directiveArgument: Set<SourcePlace>) -> Bool {
        guard error.message.hasPrefix("Field \""), error.message.contains("\" does not have argument \""),
              let place = SourcePlace(error.nodes.first?.loc) else { return false }
        return directiveArgument.contains(place)
    }

    /// Where every argument of a directive not in `known` starts, in operations and
    /// fragments, variable definitions and selections at any depth; walked without recursion.
    static func directiveArgumentPlaces(in documents: [Document], unlessNamed known: Set<String>) -> Set<SourcePlace> {
        var places = Set<SourcePlace>()
        func note(_ directives: [Directive]) {
            for directive in directives where !known.contains(directive.name.value) {
                for argument in directive.arguments {
                    if let place = SourcePlace(argument.loc) { places.insert(place) }
                }
            }
        }
        var pending: [GraphQL.SelectionSet] = []
        for definition in documents.flatMap(\.definitions) {
            if let operation = definition as? OperationDefinition {
                note(operation.directives)
                operation.variableDefinitions.forEach { note($0.directives) }
                pending.append(operation.selectionSet)
            } else if let fragment = definition as? FragmentDefinition {
                note(fragment.directives)
                pending.append(fragment.selectionSet)
            }
        }
        while let selectionSet = pending.popLast() {
            for selection in selectionSet.selections {
                switch selection {
                case let field as Field:
                    note(field.directives)
                    if let nested = field.selectionSet { pending.append(nested) }
                case let inline as InlineFragment:
                    note(inline.directives)
                    pending.append(inline.selectionSet)
                case let spread as FragmentSpread:
                    note(spread.directives)
                default:
                    break
                }
            }
        }
        return places
    }
}
