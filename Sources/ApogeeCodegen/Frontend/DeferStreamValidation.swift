import GraphQL

/// The rules of the incremental delivery proposal for `@defer` and `@stream` that the
/// specification's validation does not know, and Apogee's own: `@stream` on lists only, labels
/// that are string literals and unique in an operation, no deferral at a subscription's root,
/// no negative `initialCount`, and a label on every deferred inline fragment, which names its
/// property. Where the directives may be applied is the declarations' business, which the
/// specification's rule checks.
///
/// It runs on documents that are otherwise valid, so every field and fragment it meets is known.
enum DeferStreamValidation {
    /// Every error, each once, in the order met.
    static func diagnostics(in documents: [Document], schema: SchemaIndex, fragments: [String: FragmentDefinition]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let definitions = documents.flatMap(\.definitions)
        for definition in definitions {
            if let operation = definition as? OperationDefinition, let root = schema.rootType(operation.operation) {
                diagnostics += directiveErrors(in: operation.selectionSet, parent: root, schema: schema)
                diagnostics += labelErrors(in: operation, fragments: fragments)
                if operation.operation == .subscription {
                    diagnostics += subscriptionRootErrors(in: operation.selectionSet, fragments: fragments)
                }
            } else if let fragment = definition as? FragmentDefinition {
                diagnostics += directiveErrors(in: fragment.selectionSet, parent: fragment.typeCondition.name.value, schema: schema)
            }
        }
        var seen = Set<Diagnostic>()
        return diagnostics.filter { seen.insert($0).inserted }
    }

    private static func error(at location: Location?, _ message: String) -> Diagnostic {
        SourcePosition.diagnostic(at: location, fallbackFile: "", message: message)
    }

    private static func incremental(_ directives: [Directive]) -> [Directive] {
        directives.filter { $0.name.value == "defer" || $0.name.value == "stream" }
    }

    // MARK: Each directive on its own

    /// The errors of each `@defer` and `@stream` in a selection set, at any depth, not counting
    /// the fragments it spreads (they are checked as definitions of their own).
    private static func directiveErrors(in selectionSet: GraphQL.SelectionSet, parent: String, schema: SchemaIndex) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var pending: [(set: GraphQL.SelectionSet, parent: String)] = [(selectionSet, parent)]
        while let (set, parent) = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    let type = schema.field(field.name.value, on: parent)?.type
                    for directive in incremental(field.directives) {
                        diagnostics += argumentErrors(of: directive)
                        if let type, !type.containsList {
                            diagnostics.append(error(
                                at: directive.loc,
                                "@stream applies to fields of list type, and \"\(field.alias?.value ?? field.name.value)\" returns \(type.graphQLText)."))
                        }
                    }
                    if let nested = field.selectionSet, let type { pending.append((nested, type.namedType)) }
                case let inline as InlineFragment:
                    for directive in incremental(inline.directives) {
                        diagnostics += argumentErrors(of: directive)
                        if directive.name.value == "defer", !hasLabel(directive) {
                            diagnostics.append(error(
                                at: directive.loc,
                                "A deferred inline fragment needs a label, which names its property in the generated code: @defer(label: \"details\")."))
                        }
                    }
                    pending.append((inline.selectionSet, inline.typeCondition?.name.value ?? parent))
                case let spread as FragmentSpread:
                    incremental(spread.directives).forEach { diagnostics += argumentErrors(of: $0) }
                default:
                    break
                }
            }
        }
        return diagnostics
    }

    /// A label given as a variable, and a negative `initialCount`.
    private static func argumentErrors(of directive: Directive) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let name = directive.name.value
        for argument in directive.arguments {
            switch argument.name.value {
            case "label" where argument.value is Variable:
                diagnostics.append(error(at: argument.loc, "The label of @\(name) must be a string literal, not a variable."))
            case "initialCount":
                if let count = argument.value as? IntValue, let value = Int(count.value), value < 0 {
                    diagnostics.append(error(at: argument.loc, "@stream's initialCount must not be negative; it is \(value)."))
                }
            default:
                continue
            }
        }
        return diagnostics
    }

    private static func hasLabel(_ directive: Directive) -> Bool {
        guard let value = directive.arguments.first(where: { $0.name.value == "label" })?.value else { return false }
        return !(value is NullValue)
    }

    // MARK: Across an operation

    /// A label used a second time by an `@defer` or `@stream` of the operation or of a
    /// fragment it uses, at any depth.
    private static func labelErrors(in operation: OperationDefinition, fragments: [String: FragmentDefinition]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var first: [String: Location?] = [:]
        var visited = Set<String>()
        var sets = [operation.selectionSet]
        var index = 0
        func note(_ directives: [Directive]) {
            for directive in incremental(directives) {
                guard let label = (directive.arguments.first { $0.name.value == "label" }?.value as? StringValue)?.value else { continue }
                if let earlier = first[label] {
                    var place = ""
                    if let earlier {
                        let position = SourcePosition.diagnostic(at: earlier, fallbackFile: "", message: "")
                        place = " (also at \(position.file):\(position.line):\(position.column))"
                    }
                    let name = operation.name?.value ?? operation.operation.rawValue
                    diagnostics.append(error(
                        at: directive.loc,
                        "The label \"\(label)\" is used twice in \"\(name)\"\(place): each @defer and @stream of an operation, and of the fragments it uses, needs a label of its own."))
                } else {
                    first[label] = directive.loc
                }
            }
        }
        // Breadth first, in document order: the operation's own selections, then each fragment
        // once, in the order first spread.
        while index < sets.count {
            var pending = [sets[index]]
            index += 1
            while !pending.isEmpty {
                let set = pending.removeFirst()
                for selection in set.selections {
                    switch selection {
                    case let field as Field:
                        note(field.directives)
                        if let nested = field.selectionSet { pending.append(nested) }
                    case let inline as InlineFragment:
                        note(inline.directives)
                        pending.append(inline.selectionSet)
                    case let spread as FragmentSpread:
                        note(spread.directives)
                        if visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] {
                            sets.append(fragment.selectionSet)
                        }
                    default:
                        break
                    }
                }
            }
        }
        return diagnostics
    }

    /// An `@defer` or `@stream` on the root selection set of a subscription, directly or
    /// through the fragments spread (or inline) there: each of its events arrives whole.
    private static func subscriptionRootErrors(in selectionSet: GraphQL.SelectionSet, fragments: [String: FragmentDefinition]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var visited = Set<String>()
        var pending = [selectionSet]
        func note(_ directives: [Directive]) {
            for directive in incremental(directives) {
                diagnostics.append(error(
                    at: directive.loc,
                    "@\(directive.name.value) is not allowed on the root selection set of a subscription, whose events each arrive whole."))
            }
        }
        while !pending.isEmpty {
            let set = pending.removeFirst()
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    note(field.directives)
                case let inline as InlineFragment:
                    note(inline.directives)
                    pending.append(inline.selectionSet)
                case let spread as FragmentSpread:
                    note(spread.directives)
                    if visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] {
                        pending.append(fragment.selectionSet)
                    }
                default:
                    break
                }
            }
        }
        return diagnostics
    }
}
