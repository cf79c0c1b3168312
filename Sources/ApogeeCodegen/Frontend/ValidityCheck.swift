import GraphQL

/// Whether operations and fragments pass the specification's validation rules, answered from
/// Apogee's ``SchemaIndex`` in one walk, without GraphQLSwift's schema or its messages.
///
/// GraphQLSwift's `validate` runs each rule as its own visitor over every document; on a
/// hundred operations against GitHub's schema it was nearly all of parsing and validating,
/// and it needs GraphQLSwift's built schema, whose building was most of loading. Most runs
/// generate from valid documents, and for those a yes is all that is needed. So this check
/// answers yes or no, and a no sends the documents to GraphQLSwift's validation, which finds
/// and words the errors as before.
///
/// The check is stricter than the rules where they are subtle: wherever a document might be
/// valid in a way the check does not follow (an introspection field, a `@oneOf` input, a
/// nullable variable where a non-null value is expected), it says no and leaves the answer
/// to GraphQLSwift. It must never say yes to a document GraphQLSwift refuses;
/// `ValidityCheckTests` holds it to that on documents broken in each rule's way.
struct ValidityCheck {
    /// A variable as an operation or fragment uses it, with the type of the place it is in.
    struct VariableUsage {
        var name: String
        /// The type expected where the variable stands.
        var type: TypeRef
    }

    let schema: SchemaIndex
    let fragments: [String: FragmentDefinition]
    /// Whether everything walked so far passed.
    private(set) var passes = true
    /// The variables used directly in the operation or fragment being walked.
    private var usages: [VariableUsage] = []
    /// The fragments spread directly in the operation or fragment being walked.
    private var spreads: [String] = []

    init(schema: SchemaIndex, fragments: [String: FragmentDefinition]) {
        self.schema = schema
        self.fragments = fragments
    }

    /// Whether every operation and fragment of `documents` passes; `fragments` holds every
    /// fragment of the documents by name (each name defined once).
    static func passes(_ documents: [Document], schema: SchemaIndex, fragments: [String: FragmentDefinition]) -> Bool {
        var check = ValidityCheck(schema: schema, fragments: fragments)
        return check.checkAll(documents)
    }

    private mutating func checkAll(_ documents: [Document]) -> Bool {
        var fragmentUsages: [String: [VariableUsage]] = [:]
        var fragmentSpreads: [String: [String]] = [:]
        for fragment in fragments.values {
            check(fragment)
            fragmentUsages[fragment.name.value] = usages
            fragmentSpreads[fragment.name.value] = spreads
            guard passes else { return false }
        }
        guard !Graph.hasCycle(fragmentSpreads) else { return false }
        for document in documents {
            for definition in document.definitions {
                guard let operation = definition as? OperationDefinition else { continue }
                check(operation, fragmentUsages: fragmentUsages, fragmentSpreads: fragmentSpreads)
                guard passes else { return false }
            }
        }
        return passes
    }

    // MARK: Definitions

    private mutating func check(_ fragment: FragmentDefinition) {
        usages = []
        spreads = []
        let typeName = fragment.typeCondition.name.value
        guard schema.isComposite(typeName) else { return fail() }
        check(fragment.directives, at: "FRAGMENT_DEFINITION")
        check(fragment.selectionSet, on: typeName)
    }

    private mutating func check(
        _ operation: OperationDefinition,
        fragmentUsages: [String: [VariableUsage]],
        fragmentSpreads: [String: [String]]
    ) {
        usages = []
        spreads = []
        guard let root = schema.rootType(operation.operation), schema.isComposite(root) else { return fail() }
        var definitions: [String: VariableDefinition] = [:]
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            guard definitions.updateValue(definition, forKey: name) == nil else { return fail() }
            let type = TypeRef(definition.type)
            guard schema.isInputType(type.namedType) else { return fail() }
            if let defaultValue = definition.defaultValue {
                let before = usages.count
                check(defaultValue, as: type)
                // A default value is a constant: a variable in it is an error.
                guard usages.count == before else { return fail() }
            }
            // A variable in a directive on a variable's definition is no use of it by the
            // rules' count; such rare directives are left to GraphQLSwift.
            guard definition.directives.isEmpty else { return fail() }
        }
        check(operation.directives, at: operation.operation.directiveLocation)
        check(operation.selectionSet, on: root)
        guard passes else { return }

        // The variables of the operation and of every fragment it reaches, at any depth.
        var allUsages = usages
        var reached = Set<String>()
        var pending = spreads
        while let name = pending.popLast() {
            guard reached.insert(name).inserted else { continue }
            allUsages += fragmentUsages[name] ?? []
            pending += fragmentSpreads[name] ?? []
        }
        var used = Set<String>()
        for usage in allUsages {
            used.insert(usage.name)
            guard let definition = definitions[usage.name],
                  Self.allows(TypeRef(definition.type), withDefault: definition.defaultValue, in: usage.type) else { return fail() }
        }
        guard used.count == definitions.count else { return fail() }
    }

    // MARK: Selections

    private mutating func check(_ selectionSet: SelectionSet, on parent: String) {
        for selection in selectionSet.selections {
            guard passes else { return }
            switch selection {
            case let field as Field:
                check(field, on: parent)
            case let inline as InlineFragment:
                check(inline.directives, at: "INLINE_FRAGMENT")
                var typeName = parent
                if let condition = inline.typeCondition?.name.value {
                    guard schema.isComposite(condition), overlap(parent, condition) else { return fail() }
                    typeName = condition
                }
                check(inline.selectionSet, on: typeName)
            case let spread as FragmentSpread:
                check(spread.directives, at: "FRAGMENT_SPREAD")
                let name = spread.name.value
                guard let fragment = fragments[name] else { return fail() }
                let condition = fragment.typeCondition.name.value
                guard schema.isComposite(condition), overlap(parent, condition) else { return fail() }
                spreads.append(name)
            default:
                fail()
            }
        }
    }

    private mutating func check(_ field: Field, on parent: String) {
        let name = field.name.value
        check(field.directives, at: "FIELD")
        if name.hasPrefix("__") {
            // `__typename` anywhere; `__id`, Apogee's client-side identity, as a plain leaf.
            // The introspection fields (`__schema`, `__type`) are left to GraphQLSwift.
            guard name == "__typename" || name == "__id", field.arguments.isEmpty, field.selectionSet == nil else { return fail() }
            return
        }
        guard let definition = schema.types[parent]?.fields[name] else { return fail() }
        check(field.arguments, against: definition.arguments)
        let typeName = definition.type.namedType
        if schema.isComposite(typeName) {
            guard let selectionSet = field.selectionSet else { return fail() }
            check(selectionSet, on: typeName)
        } else {
            guard field.selectionSet == nil else { return fail() }
        }
    }

    /// Whether an object can be of both types: spreading a fragment on a type that can never
    /// be the parent's is an error.
    private func overlap(_ parent: String, _ condition: String) -> Bool {
        if parent == condition { return true }
        return !schema.possibleTypes(parent).isDisjoint(with: schema.possibleTypes(condition))
    }

    // MARK: Directives and arguments

    private mutating func check(_ directives: [Directive], at location: String) {
        var seen = Set<String>()
        for directive in directives {
            let name = directive.name.value
            guard let declaration = schema.directives[name], declaration.locations.contains(location) else { return fail() }
            guard declaration.isRepeatable || seen.insert(name).inserted else { return fail() }
            check(directive.arguments, against: declaration.arguments)
        }
    }

    /// Each argument known, given once and of its type, and every required one given.
    private mutating func check(_ arguments: [Argument], against declared: [SchemaIndex.InputField]) {
        var given = Set<String>()
        for argument in arguments {
            let name = argument.name.value
            guard given.insert(name).inserted, let declaration = declared.first(where: { $0.name == name }) else { return fail() }
            check(argument.value, as: declaration.type)
        }
        for declaration in declared where declaration.type.isNonNull && !declaration.hasDefault {
            guard given.contains(declaration.name) else { return fail() }
        }
    }

    // MARK: Values

    /// Whether `value` can be of `type`, noting the variables in it.
    private mutating func check(_ value: Value, as type: TypeRef) {
        if let variable = value as? Variable {
            usages.append(VariableUsage(name: variable.name.value, type: type))
            return
        }
        switch type {
        case .nonNull(let inner):
            guard !(value is NullValue) else { return fail() }
            check(value, as: inner)
        case .list(let element):
            if value is NullValue { return }
            if let list = value as? ListValue {
                for item in list.values { check(item, as: element) }
            } else {
                // One value where a list is expected stands for a list of one.
                check(value, as: element)
            }
        case .named(let name):
            if value is NullValue { return }
            checkNamed(value, name)
        }
    }

    private mutating func checkNamed(_ value: Value, _ name: String) {
        switch name {
        case "Int":
            guard let int = value as? IntValue, Int32(int.value) != nil else { return fail() }
        case "Float":
            guard value is IntValue || value is FloatValue else { return fail() }
        case "String":
            guard value is StringValue else { return fail() }
        case "Boolean":
            guard value is BooleanValue else { return fail() }
        case "ID":
            guard value is StringValue || value is IntValue else { return fail() }
        default:
            guard let type = schema.types[name] else { return fail() }
            switch type.kind {
            case .enumeration:
                guard let enumValue = value as? EnumValue,
                      type.enumValues.contains(where: { $0.name == enumValue.value }) else { return fail() }
            case .scalar:
                // A custom scalar takes any literal; structured ones, and variables inside
                // them, are left to GraphQLSwift.
                guard value is IntValue || value is FloatValue || value is StringValue
                    || value is BooleanValue || value is EnumValue else { return fail() }
            case .inputObject:
                guard !type.isOneOf, let object = value as? ObjectValue else { return fail() }
                var given = Set<String>()
                for field in object.fields {
                    let fieldName = field.name.value
                    guard given.insert(fieldName).inserted,
                          let declaration = type.inputFields.first(where: { $0.name == fieldName }) else { return fail() }
                    check(field.value, as: declaration.type)
                }
                for declaration in type.inputFields where declaration.type.isNonNull && !declaration.hasDefault {
                    guard given.contains(declaration.name) else { return fail() }
                }
            case .object, .interface, .union:
                fail()
            }
        }
    }

    /// Whether a variable of `variableType` may stand where `expected` is wanted. Stricter
    /// than the rule: a nullable variable where a non-null value is wanted passes only with a
    /// non-null default, whatever the place's own default.
    static func allows(_ variableType: TypeRef, withDefault defaultValue: Value?, in expected: TypeRef) -> Bool {
        if case .nonNull(let inner) = expected, !variableType.isNonNull {
            guard let defaultValue, !(defaultValue is NullValue) else { return false }
            return isSubtype(variableType, of: inner)
        }
        return isSubtype(variableType, of: expected)
    }

    private static func isSubtype(_ type: TypeRef, of expected: TypeRef) -> Bool {
        type.isSubtype(of: expected, namedTypeFits: ==)
    }

    private mutating func fail() {
        passes = false
    }
}

extension GraphQL.OperationType {
    /// Where a directive on an operation of this type is applied, as SDL spells it.
    var directiveLocation: String {
        switch self {
        case .query: "QUERY"
        case .mutation: "MUTATION"
        case .subscription: "SUBSCRIPTION"
        }
    }
}
