import ApogeeAPI

/// A declarative list directive on a field of a mutation, as Relay has them: what to do with
/// the records the field's value names once the mutation's data is in the store.
enum ListDirective {
    /// `@appendEdge(connections:)` / `@prependEdge(connections:)` on an edge field.
    case insertEdge(connections: [CacheKey], atEnd: Bool)
    /// `@appendNode(connections:edgeTypeName:)` / `@prependNode` on a node field.
    case insertNode(connections: [CacheKey], edgeTypename: String, atEnd: Bool)
    /// `@deleteRecord` on an ID field.
    case deleteRecord
    /// `@deleteEdge(connections:)` on an ID field.
    case deleteEdge(connections: [CacheKey])

    static let names: Set<String> = ["appendEdge", "prependEdge", "appendNode", "prependNode", "deleteRecord", "deleteEdge"]

    /// The list directives on a field, with their arguments resolved.
    static func all(on field: Selection.Field, variables: JSONObject) -> [ListDirective] {
        field.directives.compactMap { directive in
            func argument(_ name: String) -> JSONValue? {
                directive.arguments.first { $0.name == name }?.value.resolved(with: variables)
            }
            func connections() -> [CacheKey] {
                switch argument("connections") {
                case .array(let values)?: values.compactMap { $0.stringValue.map { CacheKey($0) } }
                case .string(let single)?: [CacheKey(single)]
                default: []
                }
            }
            switch directive.name {
            case "appendEdge": return .insertEdge(connections: connections(), atEnd: true)
            case "prependEdge": return .insertEdge(connections: connections(), atEnd: false)
            case "appendNode", "prependNode":
                guard let typename = argument("edgeTypeName")?.stringValue else { return nil }
                return .insertNode(connections: connections(), edgeTypename: typename, atEnd: directive.name == "appendNode")
            case "deleteRecord": return .deleteRecord
            case "deleteEdge": return .deleteEdge(connections: connections())
            default: return nil
            }
        }
    }

    /// Whether any field in the selections, at any depth, has a list directive.
    static func appear(in selections: [Selection]) -> Bool {
        selections.contains { selection in
            switch selection {
            case .field(let field):
                field.directives.contains { names.contains($0.name) } || field.selections.map(appear(in:)) == true
            case .inlineFragment(let fragment): appear(in: fragment.selections)
            case .fragmentSpread(let spread): appear(in: spread.selections)
            }
        }
    }
}
