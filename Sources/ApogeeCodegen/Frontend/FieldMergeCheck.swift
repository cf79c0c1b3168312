import GraphQL

/// The specification's "field selection merging" rule (FieldsInSetCanMerge), which GraphQLSwift
/// 4.3 ships disabled: fields that meet under one response key (directly, through inline
/// fragments, or through named fragments, at any depth) must be the same field with the same
/// arguments where they can apply to the same object, and must have the same response shape
/// everywhere. A server that follows the specification refuses a document that breaks it.
struct FieldMergeCheck {
    /// A field as met in a selection set: where it is, the type it is selected on, and its
    /// definition when the schema has one.
    private struct Occurrence {
        var field: Field
        var parentType: String
        var definition: SchemaIndex.Field?
    }

    private let schema: SchemaIndex
    private let fragments: [String: FragmentDefinition]
    private var reported: Set<String> = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Comparisons made so far: a document crafted to make the pairwise check explode is
    /// refused once it has cost this much, rather than keeping a build busy.
    private var comparisons = 0
    private static let comparisonBudget = 2_000_000

    init(schema: SchemaIndex, fragments: [String: FragmentDefinition]) {
        self.schema = schema
        self.fragments = fragments
    }

    /// Checks every operation and fragment of the documents.
    static func diagnostics(in documents: [Document], schema: SchemaIndex, fragments: [String: FragmentDefinition]) -> [Diagnostic] {
        var check = FieldMergeCheck(schema: schema, fragments: fragments)
        for document in documents {
            for definition in document.definitions {
                if let operation = definition as? OperationDefinition, let root = schema.rootType(operation.operation) {
                    check.checkSet([(operation.selectionSet, root)])
                } else if let fragment = definition as? FragmentDefinition {
                    check.checkSet([(fragment.selectionSet, fragment.typeCondition.name.value)])
                }
                if check.comparisons > comparisonBudget { return check.budgetExceeded(definition) }
            }
        }
        return check.diagnostics
    }

    private func budgetExceeded(_ definition: any Definition) -> [Diagnostic] {
        diagnostics + [SourcePosition.diagnostic(
            at: definition.loc, fallbackFile: "",
            message: "This document's fields meet in more ways than Apogee checks (\(Self.comparisonBudget) comparisons); split its fragments.")]
    }

    /// FieldsInSetCanMerge over the union of `sets`, each with the type it is selected on,
    /// then over each field's own subselections.
    private mutating func checkSet(_ sets: [(SelectionSet, String)]) {
        let byKey = collect(sets)
        for (key, occurrences) in byKey where occurrences.count > 1 {
            for first in occurrences.indices {
                for second in occurrences.indices where second > first {
                    if let reason = conflict(occurrences[first], occurrences[second], exclusive: false) {
                        report(key, reason, occurrences[first], occurrences[second])
                    }
                }
            }
        }
        for (_, occurrences) in byKey {
            for occurrence in occurrences {
                guard let selectionSet = occurrence.field.selectionSet, let type = occurrence.definition?.type.namedType else { continue }
                checkSet([(selectionSet, type)])
            }
        }
    }

    /// Why two fields under one response key cannot merge, or `nil`. Fields of two different
    /// object types (or under such fields) never apply to one object: only their shapes must
    /// agree; otherwise they must be the same field with the same arguments, and their
    /// subselections must merge too.
    private mutating func conflict(_ a: Occurrence, _ b: Occurrence, exclusive parentsExclusive: Bool) -> String? {
        comparisons += 1
        guard comparisons <= Self.comparisonBudget else { return nil }
        let exclusive = parentsExclusive
            || (a.parentType != b.parentType && schema[a.parentType]?.kind == .object && schema[b.parentType]?.kind == .object)
        if !exclusive {
            if a.field.name.value != b.field.name.value {
                return "\"\(a.field.name.value)\" and \"\(b.field.name.value)\" are different fields"
            }
            if !Self.sameArguments(a.field.arguments, b.field.arguments) {
                return "they have differing arguments"
            }
        }
        guard let typeA = a.definition?.type, let typeB = b.definition?.type else { return nil }
        if typesConflict(typeA, typeB) {
            return "they return conflicting types \"\(typeA.graphQLText)\" and \"\(typeB.graphQLText)\""
        }
        guard let setA = a.field.selectionSet, let setB = b.field.selectionSet else { return nil }
        for (key, occurrences) in collect([(setA, typeA.namedType), (setB, typeB.namedType)]) where occurrences.count > 1 {
            for first in occurrences.indices {
                for second in occurrences.indices where second > first {
                    if let reason = conflict(occurrences[first], occurrences[second], exclusive: exclusive) {
                        return "subfields \"\(key)\" conflict because \(reason)"
                    }
                }
            }
        }
        return nil
    }

    /// Whether two types give different shapes of response: different list or non-null
    /// wrappers, or different leaf types. Two composite types are compared by their fields.
    private func typesConflict(_ a: TypeRef, _ b: TypeRef) -> Bool {
        switch (a, b) {
        case (.list(let innerA), .list(let innerB)), (.nonNull(let innerA), .nonNull(let innerB)):
            return typesConflict(innerA, innerB)
        case (.named(let nameA), .named(let nameB)):
            let leafA = !schema.isComposite(nameA)
            let leafB = !schema.isComposite(nameB)
            return (leafA || leafB) && nameA != nameB
        default:
            return true
        }
    }

    /// The fields of the selection sets by response key, through inline fragments and named
    /// fragments (each named fragment once per collection, so a cycle ends).
    private func collect(_ sets: [(SelectionSet, String)]) -> [(String, [Occurrence])] {
        var order: [String] = []
        var byKey: [String: [Occurrence]] = [:]
        var visited: Set<String> = []
        var pending = sets
        while !pending.isEmpty {
            let (selectionSet, parentType) = pending.removeFirst()
            for selection in selectionSet.selections {
                switch selection {
                case let field as Field:
                    let key = field.alias?.value ?? field.name.value
                    if byKey[key] == nil { order.append(key) }
                    byKey[key, default: []].append(Occurrence(field: field, parentType: parentType, definition: schema.field(field.name.value, on: parentType)))
                case let inline as InlineFragment:
                    pending.append((inline.selectionSet, inline.typeCondition?.name.value ?? parentType))
                case let spread as FragmentSpread:
                    guard visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] else { continue }
                    pending.append((fragment.selectionSet, fragment.typeCondition.name.value))
                default:
                    continue
                }
            }
        }
        return order.map { ($0, byKey[$0] ?? []) }
    }

    private mutating func report(_ key: String, _ reason: String, _ a: Occurrence, _ b: Occurrence) {
        let place = SourcePosition.diagnostic(at: b.field.loc, fallbackFile: "", message: "")
        let identity = "\(place.file):\(place.line):\(place.column):\(key)"
        guard reported.insert(identity).inserted else { return }
        let first = SourcePosition.diagnostic(at: a.field.loc, fallbackFile: "", message: "")
        diagnostics.append(SourcePosition.diagnostic(
            at: b.field.loc, fallbackFile: "",
            message: "Fields \"\(key)\" conflict because \(reason). Use different aliases on the fields to fetch both if this was intentional. The other field is at \(first.file):\(first.line):\(first.column)."))
    }

    /// Whether two argument lists are the same arguments with the same values, in any order.
    private static func sameArguments(_ a: [Argument], _ b: [Argument]) -> Bool {
        guard a.count == b.count else { return false }
        let valuesB = Dictionary(b.map { ($0.name.value, text(of: $0.value)) }, uniquingKeysWith: { first, _ in first })
        return a.allSatisfy { valuesB[$0.name.value] == text(of: $0.value) }
    }

    /// A value written out canonically, for comparing arguments. Nesting is bounded by the
    /// scan that runs before parsing.
    private static func text(of value: Value) -> String {
        switch value {
        case let variable as Variable: "$" + variable.name.value
        case let int as IntValue: int.value
        case let float as FloatValue: float.value
        case let string as StringValue: "\"" + string.value + "\""
        case let bool as BooleanValue: bool.value ? "true" : "false"
        case is NullValue: "null"
        case let enumeration as EnumValue: enumeration.value
        case let list as ListValue: "[" + list.values.map(text(of:)).joined(separator: ",") + "]"
        case let object as ObjectValue: "{" + object.fields.map { $0.name.value + ":" + text(of: $0.value) }.joined(separator: ",") + "}"
        default: "?"
        }
    }
}
