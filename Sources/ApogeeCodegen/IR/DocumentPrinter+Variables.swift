import GraphQL

extension DocumentPrinter {
    /// The variables the document sent to the server uses: those in arguments of fields and
    /// of directives that are sent, in the operation and the fragments it spreads. A variable
    /// used only by client directives (`@appendEdge(connections: $connections)`) or by local
    /// fields is not among them, so its definition is left out of the document, as the Relay
    /// compiler does: a server rejects an operation that defines a variable it never uses. The
    /// generated operation keeps the variable, for the store.
    static func usedVariables(
        in operation: OperationDefinition,
        rootType: String,
        fragments: [String: FragmentDefinition],
        schema: SchemaIndex
    ) -> Set<String> {
        var walk = VariableWalk(fragments: fragments, schema: schema)
        walk.collect(operation.directives)
        walk.collect(operation.selectionSet, parent: rootType)
        return walk.used
    }

    /// One walk of an operation and the fragments it spreads, each fragment once.
    private struct VariableWalk {
        let fragments: [String: FragmentDefinition]
        let schema: SchemaIndex
        var used = Set<String>()
        var visited = Set<String>()

        mutating func collect(_ set: GraphQL.SelectionSet, parent: String) {
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    if DocumentPrinter.isLocal(field, on: parent, schema: schema) { continue }
                    for argument in field.arguments { DocumentPrinter.collect(argument.value, into: &used) }
                    collect(field.directives)
                    if let nested = field.selectionSet { collect(nested, parent: DocumentPrinter.returnedType(of: field, on: parent, schema: schema)) }
                case let inline as InlineFragment:
                    let inlineParent = inline.typeCondition?.name.value ?? parent
                    // A fragment of local fields alone is not sent, nor are its directives.
                    if schema.hasLocalFields, DocumentPrinter.sendsNothing(inline.selectionSet, parent: inlineParent, schema: schema) { continue }
                    collect(inline.directives)
                    collect(inline.selectionSet, parent: inlineParent)
                case let spread as FragmentSpread:
                    collect(spread.directives)
                    let name = spread.name.value
                    guard visited.insert(name).inserted, let fragment = fragments[name] else { continue }
                    collect(fragment.directives)
                    collect(fragment.selectionSet, parent: fragment.typeCondition.name.value)
                default:
                    break
                }
            }
        }

        mutating func collect(_ directives: [Directive]) {
            DocumentPrinter.collect(directives, into: &used)
        }
    }

    fileprivate static func collect(_ directives: [Directive], into used: inout Set<String>) {
        for directive in directives where !ClientDirectives.unsent.contains(directive.name.value) {
            for argument in directive.arguments { collect(argument.value, into: &used) }
        }
    }

    fileprivate static func collect(_ value: Value, into used: inout Set<String>) {
        switch value {
        case let variable as Variable: used.insert(variable.name.value)
        case let list as ListValue: for element in list.values { collect(element, into: &used) }
        case let object as ObjectValue: for field in object.fields { collect(field.value, into: &used) }
        default: break
        }
    }
}
