/// Merges the selections of a selection set into the shape of its Swift struct.
///
/// Fields with the same response key merge (their sub-selections too); inline fragments and
/// fragment spreads that always apply to the struct's type merge into it; inline fragments on
/// narrower types become type cases, each built from the same selections seen from the
/// narrower type, so that `asUser` holds the parent's fields as well as its own.
struct ShapeBuilder {
    let schema: SchemaIndex
    /// Names every top-level generated type takes; nested types avoid them.
    let reservedTypeNames: Set<String>
    /// The fragments marked `@catch`, by name.
    var fragmentCatches: [String: FieldErrorHandling] = [:]
    /// The default of the root being built, from its operation's `@catch`.
    private var rootFieldErrorDefault: FieldErrorHandling?
    var diagnostics: [Diagnostic] = []

    init(schema: SchemaIndex, reservedTypeNames: Set<String>) {
        self.schema = schema
        self.reservedTypeNames = reservedTypeNames
    }

    /// The shape of a root: an operation's `Data` or a fragment.
    mutating func root(typeName: String, selections: [IRSelection], swiftName: String, fieldErrorDefault: FieldErrorHandling? = nil) -> Shape {
        rootFieldErrorDefault = fieldErrorDefault
        defer { rootFieldErrorDefault = nil }
        return build(typeName: typeName, possibleTypes: schema.possibleTypes(typeName), typeCondition: nil, entries: selections, swiftName: swiftName)
    }

    private struct Occurrence {
        var field: IRField
        var conditions: [IRCondition]
    }

    private struct Collected {
        var keys: [String] = []
        var occurrences: [String: [Occurrence]] = [:]
        var typeCases: [String] = []
        var fragmentOrder: [String] = []
        var fragments: [String: Shape.FragmentUse] = [:]
        var deferred: [PendingDeferral] = []
    }

    /// A deferred inline fragment found while collecting, before its struct is built.
    private struct PendingDeferral {
        var label: String
        var typeCondition: String?
        var isNarrower: Bool
        var selections: [IRSelection]
    }

    private mutating func build(
        typeName: String, possibleTypes: Set<String>, typeCondition: String?, entries: [IRSelection], swiftName: String
    ) -> Shape {
        let shape = Shape(
            parentType: typeName, isConcrete: schema[typeName]?.kind == .object, possibleTypes: possibleTypes,
            typeCondition: typeCondition, entries: entries, swiftName: swiftName)
        shape.fieldErrorDefault = rootFieldErrorDefault
        var collected = Collected()
        collect(entries, inherited: [], possibleTypes: possibleTypes, into: &collected)

        var fieldNames: [String: String] = [:]
        var takenTypeNames = reservedTypeNames
        if !collected.fragmentOrder.isEmpty { takenTypeNames.insert("Fragments") }
        // A capitalized field (`Horse: Horse`) is a property of that name; a nested type of
        // the same name would make the name ambiguous in the struct's own code.
        takenTypeNames.formUnion(collected.keys)
        var typeCaseNames: [String: String] = [:]
        for typeCase in collected.typeCases {
            let name = SwiftNames.unique("As" + SwiftNames.capitalized(typeCase), avoiding: takenTypeNames)
            takenTypeNames.insert(name)
            typeCaseNames[typeCase] = name
        }
        let compositeKeys = collected.keys.filter { key in
            collected.occurrences[key].map { schema.isComposite($0[0].field.type.namedType) && $0[0].field.selections != nil } ?? false
        }
        let plainNames = Set(compositeKeys.map { SwiftNames.capitalized($0) })
        for key in compositeKeys {
            let field = collected.occurrences[key]![0].field
            let plain = SwiftNames.capitalized(key)
            var candidate = plain
            if field.type.containsList {
                let singular = SwiftNames.capitalized(SwiftNames.singular(key))
                if !plainNames.contains(singular) || singular == plain { candidate = singular }
            }
            if takenTypeNames.contains(candidate) { candidate = plain }
            let name = SwiftNames.unique(candidate, avoiding: takenTypeNames)
            takenTypeNames.insert(name)
            fieldNames[key] = name
        }

        var memberNames: Set<String> = ["__fields", "__selections", "__parentType", "__typeCondition", "hashValue", "responseValue"]
        if !collected.fragmentOrder.isEmpty { memberNames.insert("fragments") }
        for key in collected.keys {
            shape.fields.append(merge(key, collected.occurrences[key] ?? [], nestedName: fieldNames[key], memberNames: &memberNames))
        }
        for typeCase in collected.typeCases {
            let narrowed = possibleTypes.intersection(schema.possibleTypes(typeCase))
            let caseShape = build(
                typeName: typeCase, possibleTypes: narrowed, typeCondition: typeCase, entries: entries,
                swiftName: typeCaseNames[typeCase] ?? "As" + typeCase)
            let property = SwiftNames.unique("as" + SwiftNames.capitalized(typeCase), avoiding: memberNames)
            memberNames.insert(property)
            shape.typeCases.append(Shape.TypeCase(typeName: typeCase, shape: caseShape, propertyName: property))
        }
        shape.fragments = collected.fragmentOrder.compactMap { collected.fragments[$0] }
        for deferral in collected.deferred {
            let typeName = SwiftNames.unique(SwiftNames.deferredTypeName(deferral.label), avoiding: takenTypeNames)
            takenTypeNames.insert(typeName)
            let property = SwiftNames.identifier(SwiftNames.unique(SwiftNames.lowerFirst(typeName), avoiding: memberNames.union([typeName])))
            memberNames.insert(property)
            let narrowed = deferral.typeCondition.map { possibleTypes.intersection(schema.possibleTypes($0)) } ?? possibleTypes
            let deferredShape = build(
                typeName: deferral.typeCondition ?? shape.parentType, possibleTypes: narrowed, typeCondition: deferral.typeCondition,
                entries: deferral.selections, swiftName: typeName)
            shape.deferredFragments.append(Shape.DeferredFragment(
                label: deferral.label, typeCondition: deferral.typeCondition, shape: deferredShape, isNarrower: deferral.isNarrower,
                propertyName: property))
        }
        return shape
    }

    private func collect(_ selections: [IRSelection], inherited: [IRCondition], possibleTypes: Set<String>, into collected: inout Collected) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let conditions = Array(Set(inherited + field.conditions)).sorted()
                if collected.occurrences[field.responseKey] == nil { collected.keys.append(field.responseKey) }
                collected.occurrences[field.responseKey, default: []].append(Occurrence(field: field, conditions: conditions))
            case .inlineFragment(let typeCondition, _, let nested, let deferral?):
                // Its fields are not the struct's: they arrive later, in a struct of their own.
                var isNarrower = false
                if let typeCondition {
                    let matching = schema.possibleTypes(typeCondition)
                    if possibleTypes.isDisjoint(with: matching) { continue }
                    isNarrower = !possibleTypes.isSubset(of: matching)
                }
                let label = deferral.label ?? ""
                if !collected.deferred.contains(where: { $0.label == label }) {
                    collected.deferred.append(PendingDeferral(label: label, typeCondition: typeCondition, isNarrower: isNarrower, selections: nested))
                }
            case .inlineFragment(let typeCondition, let conditions, let nested, nil):
                let inner = inherited + conditions
                guard let typeCondition else {
                    collect(nested, inherited: inner, possibleTypes: possibleTypes, into: &collected)
                    continue
                }
                let matching = schema.possibleTypes(typeCondition)
                if possibleTypes.isSubset(of: matching) {
                    collect(nested, inherited: inner, possibleTypes: possibleTypes, into: &collected)
                } else if !possibleTypes.isDisjoint(with: matching), !collected.typeCases.contains(typeCondition) {
                    collected.typeCases.append(typeCondition)
                }
            case .fragmentSpread(let name, let typeCondition, let conditions, let deferral):
                let matching = schema.possibleTypes(typeCondition)
                let isNarrower = !possibleTypes.isSubset(of: matching)
                if isNarrower, possibleTypes.isDisjoint(with: matching) { continue }
                let isConditional = !(inherited + conditions).isEmpty
                if var existing = collected.fragments[name] {
                    existing.isConditional = existing.isConditional && isConditional
                    existing.isNarrower = existing.isNarrower && isNarrower
                    existing.isDeferred = existing.isDeferred && deferral != nil
                    collected.fragments[name] = existing
                } else {
                    collected.fragmentOrder.append(name)
                    collected.fragments[name] = Shape.FragmentUse(
                        name: name, typeCondition: typeCondition, isConditional: isConditional, isNarrower: isNarrower,
                        propertyName: SwiftNames.fragmentPropertyName(name), isDeferred: deferral != nil,
                        catchTo: fragmentCatches[name])
                }
            }
        }
    }

    private mutating func merge(_ key: String, _ occurrences: [Occurrence], nestedName: String?, memberNames: inout Set<String>) -> Shape.Field {
        let first = occurrences[0].field
        for occurrence in occurrences.dropFirst() {
            let other = occurrence.field
            var reason: String?
            if other.name != first.name {
                reason = "\"\(first.name)\" and \"\(other.name)\" are different fields"
            } else if other.arguments != first.arguments {
                reason = "they have differing arguments"
            } else if other.type != first.type {
                reason = "they return conflicting types \"\(first.type.graphQLText)\" and \"\(other.type.graphQLText)\""
            } else if other.catchTo != first.catchTo {
                reason = "they catch field errors differently (\(Self.catchText(first.catchTo)) and \(Self.catchText(other.catchTo)))"
            }
            if let reason {
                diagnostics.append(SourcePosition.diagnostic(
                    at: other.location.location, fallbackFile: "",
                    message: "Fields \"\(key)\" conflict because \(reason). Use different aliases on the fields to fetch both if this was intentional."))
            }
        }
        let conditionSets = occurrences.map(\.conditions)
        let isConditional = !conditionSets.contains(where: \.isEmpty)
        let common = isConditional && Set(conditionSets.map { Set($0) }).count == 1 ? Set(conditionSets[0]) : []

        var nested: Shape?
        if let nestedName, first.selections != nil {
            var entries: [IRSelection] = []
            for occurrence in occurrences {
                let own = occurrence.field.selections ?? []
                let relative = occurrence.conditions.filter { !common.contains($0) }
                let additions: [IRSelection] = relative.isEmpty ? own : [.inlineFragment(typeCondition: nil, conditions: relative, selections: own)]
                for addition in additions where !entries.contains(addition) {
                    entries.append(addition)
                }
            }
            let typeName = first.type.namedType
            nested = build(
                typeName: typeName, possibleTypes: schema.possibleTypes(typeName), typeCondition: nil, entries: entries,
                swiftName: nestedName)
        }
        let property = first.name == "__typename" && key == "__typename"
            ? key : SwiftNames.unique(SwiftNames.identifier(key), avoiding: memberNames)
        memberNames.insert(property)
        return Shape.Field(
            responseKey: key, name: first.name, type: first.type, isConditional: isConditional, nested: nested, propertyName: property,
            summary: first.summary, isLocal: first.isLocal, clientDefault: first.clientDefault, semanticType: first.semanticType,
            catchTo: first.catchTo)
    }

    private static func catchText(_ handling: FieldErrorHandling?) -> String {
        handling.map { "@catch(to: \($0.rawValue))" } ?? "no @catch"
    }
}
