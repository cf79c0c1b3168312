import GraphQL

/// Builds the typed IR of operations and fragments from the validated AST.
///
/// It walks the AST itself, knowing the parent type at each step from ``SchemaIndex``, rather
/// than through GraphQLSwift's `TypeInfo`, which is internal to that package.
struct IRBuilder {
    let schema: SchemaIndex
    let fragments: [String: FragmentDefinition]
    let descriptions: DefinitionDescriptions
    var diagnostics: [Diagnostic] = []

    init(schema: SchemaIndex, fragments: [String: FragmentDefinition], descriptions: DefinitionDescriptions) {
        self.schema = schema
        self.fragments = fragments
        self.descriptions = descriptions
    }

    mutating func operation(_ definition: OperationDefinition) -> IROperation? {
        guard let name = definition.name?.value else { return nil }
        guard let rootType = schema.rootType(definition.operation) else {
            diagnostics.append(SourcePosition.diagnostic(
                at: definition.loc, fallbackFile: "", message: "The schema has no \(definition.operation.rawValue) type."))
            return nil
        }
        guard let definitionText = DocumentPrinter.print(definition, rootType: rootType, fragments: fragments, schema: schema) else {
            diagnostics.append(SourcePosition.diagnostic(
                at: definition.loc, fallbackFile: "",
                message: "The \(definition.operation.rawValue) \(name) selects only local fields, so nothing would be left to send to the server: select a server field too, or read the local fields from the store with a fragment."))
            return nil
        }
        let variables = definition.variableDefinitions.map { variable in
            IRVariable(name: variable.variable.name.value, type: TypeRef(variable.type), hasDefault: variable.defaultValue != nil)
        }
        let sent = DocumentPrinter.usedVariables(in: definition, rootType: rootType, fragments: fragments, schema: schema)
        let fragmentNames = fragmentClosure(of: definition.selectionSet)
        let deliversIncrementally = IncrementalDelivery.deliversIncrementally(definition.selectionSet)
            || fragmentNames.contains { fragments[$0].map { IncrementalDelivery.deliversIncrementally($0.selectionSet) } ?? false }
        return IROperation(
            name: name,
            kind: definition.operation,
            rootType: rootType,
            variables: variables,
            clientOnlyVariables: variables.map(\.name).filter { !sent.contains($0) },
            selections: selections(definition.selectionSet, parent: rootType, addTypename: false),
            definitionText: definitionText,
            fragmentNames: fragmentNames,
            description: descriptions.description(at: definition.loc),
            deliversIncrementally: deliversIncrementally,
            catchTo: catchHandling(definition.directives))
    }

    mutating func fragment(_ definition: FragmentDefinition) -> IRFragment {
        let typeCondition = definition.typeCondition.name.value
        return IRFragment(
            name: definition.name.value,
            typeCondition: typeCondition,
            selections: selections(definition.selectionSet, parent: typeCondition, addTypename: true),
            definitionText: DocumentPrinter.print(definition, schema: schema),
            description: descriptions.description(at: definition.loc),
            catchTo: catchHandling(definition.directives))
    }

    /// The fragments a selection set uses, directly or through other fragments, sorted by name.
    func fragmentClosure(of selectionSet: GraphQL.SelectionSet) -> [String] {
        var found: Set<String> = []
        var pending = [selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    if let nested = field.selectionSet { pending.append(nested) }
                case let inline as InlineFragment:
                    pending.append(inline.selectionSet)
                case let spread as FragmentSpread:
                    let name = spread.name.value
                    if !found.contains(name), let fragment = fragments[name] {
                        found.insert(name)
                        pending.append(fragment.selectionSet)
                    }
                default:
                    break
                }
            }
        }
        return found.sorted()
    }

    /// The selections of a set on `parent`, with `__typename` first when `addTypename` is set
    /// and the set does not select it already.
    mutating func selections(_ selectionSet: GraphQL.SelectionSet, parent: String, addTypename: Bool) -> [IRSelection] {
        var result: [IRSelection] = []
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                guard let conditions = conditions(field.directives) else { continue }
                let name = field.name.value
                guard let definition = schema.field(name, on: parent) else {
                    diagnostics.append(SourcePosition.diagnostic(
                        at: field.loc, fallbackFile: "", message: "Apogee cannot generate code for field \"\(name)\" on type \"\(parent)\"."))
                    continue
                }
                var nested: [IRSelection]?
                if let set = field.selectionSet, schema.isComposite(definition.type.namedType) {
                    nested = selections(set, parent: definition.type.namedType, addTypename: true)
                }
                result.append(.field(IRField(
                    responseKey: field.alias?.value ?? name,
                    name: name,
                    alias: field.alias?.value,
                    arguments: field.arguments.map { IRArgument(name: $0.name.value, value: IRValue($0.value)) },
                    type: definition.type,
                    conditions: conditions,
                    directives: schema.selectionDirectives(clientDirectives(field.directives), paginating: name, on: parent),
                    selections: nested,
                    parentType: parent,
                    summary: GraphQLText.summary(definition.description),
                    location: LocationBox(location: field.loc),
                    isLocal: definition.isLocal,
                    clientDefault: definition.clientDefault,
                    semanticType: schema.semanticType(of: name, on: parent, type: definition.type),
                    catchTo: catchHandling(field.directives))))
            case let inline as InlineFragment:
                guard let conditions = conditions(inline.directives) else { continue }
                let typeCondition = inline.typeCondition?.name.value
                result.append(.inlineFragment(
                    typeCondition: typeCondition,
                    conditions: conditions,
                    selections: selections(inline.selectionSet, parent: typeCondition ?? parent, addTypename: false),
                    deferral: IncrementalDelivery.deferral(inline.directives)))
            case let spread as FragmentSpread:
                guard let conditions = conditions(spread.directives), let fragment = fragments[spread.name.value] else { continue }
                result.append(.fragmentSpread(
                    name: spread.name.value, typeCondition: fragment.typeCondition.name.value, conditions: conditions,
                    deferral: IncrementalDelivery.deferral(spread.directives)))
            default:
                break
            }
        }
        if addTypename, !result.contains(where: { if case .field(let field) = $0 { field.isTypename && field.conditions.isEmpty } else { false } }) {
            let typename = IRField(
                responseKey: "__typename", name: "__typename", alias: nil, arguments: [], type: .nonNull(.named("String")),
                conditions: [], directives: [], selections: nil, parentType: parent, summary: nil, location: LocationBox(location: nil))
            result.insert(.field(typename), at: 0)
        }
        return result
    }

    /// The `@include`/`@skip` conditions on variables, or `nil` when a literal condition
    /// excludes the selection for good.
    func conditions(_ directives: [Directive]) -> [IRCondition]? {
        var result: [IRCondition] = []
        for directive in directives {
            let name = directive.name.value
            guard name == "include" || name == "skip", let argument = directive.arguments.first(where: { $0.name.value == "if" }) else {
                continue
            }
            let include = name == "include"
            switch argument.value {
            case let literal as BooleanValue:
                if literal.value != include { return nil }
            case let variable as Variable:
                result.append(IRCondition(variable: variable.name.value, passesWhen: include))
            default:
                continue
            }
        }
        return Array(Set(result)).sorted()
    }

    /// The `to:` of a `@catch` among `directives`; a value that is not written out (a
    /// variable) is an error, since the generated type depends on it.
    mutating func catchHandling(_ directives: [Directive]) -> FieldErrorHandling? {
        guard let found = FieldErrorHandling.argument(of: FieldErrorDirectives.catchDirective, in: directives) else { return nil }
        guard let handling = found.handling else {
            diagnostics.append(SourcePosition.diagnostic(
                at: found.directive.loc, fallbackFile: "",
                message: "@catch(to:) takes RESULT, NULL or THROW written in the document: the generated type depends on it."))
            return nil
        }
        return handling
    }

    func clientDirectives(_ directives: [Directive]) -> [IRDirective] {
        directives.filter { ClientDirectives.names.contains($0.name.value) }.map { directive in
            IRDirective(name: directive.name.value, arguments: directive.arguments.map { IRArgument(name: $0.name.value, value: IRValue($0.value)) })
        }
    }
}
