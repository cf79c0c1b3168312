import GraphQL

/// The variables of one operation (those sent, then the defaults of the rest), and the
/// directive arguments that decide what is delivered when: `@skip`, `@include`, `@defer`,
/// `@stream`.
struct OperationVariables {
    let values: [String: Map]

    init(operation: OperationDefinition, provided: [String: Map]) {
        var values = provided
        for definition in operation.variableDefinitions where values[definition.variable.name.value] == nil {
            if let defaultValue = definition.defaultValue {
                values[definition.variable.name.value] = Self.literal(defaultValue, variables: [:])
            }
        }
        self.values = values
    }

    /// Whether `@skip` and `@include` keep a selection.
    func isIncluded(_ directives: [Directive]) -> Bool {
        for directive in directives {
            switch directive.name.value {
            case "skip" where condition(directive, default: false): return false
            case "include" where !condition(directive, default: true): return false
            default: continue
            }
        }
        return true
    }

    /// An active `@defer` (one whose `if` is true), or `nil` when there is none.
    func activeDefer(_ directives: [Directive]) -> IncrementalDirectiveUse? {
        guard let directive = directives.first(where: { $0.name.value == IncrementalDirectives.deferName }),
            condition(directive, default: true)
        else { return nil }
        return IncrementalDirectiveUse(label: string(directive, "label"), initialCount: 0)
    }

    /// An active `@stream`, with its initial count.
    func activeStream(_ directives: [Directive]) -> IncrementalDirectiveUse? {
        guard let directive = directives.first(where: { $0.name.value == IncrementalDirectives.streamName }),
            condition(directive, default: true)
        else { return nil }
        var initialCount = 0
        if case .number(let number)? = argument(directive, "initialCount") {
            initialCount = max(0, number.intValue)
        }
        return IncrementalDirectiveUse(label: string(directive, "label"), initialCount: initialCount)
    }

    private func condition(_ directive: Directive, default defaultValue: Bool) -> Bool {
        switch argument(directive, "if") {
        case .bool(let bool)?: bool
        case .number(let number)? where number.storageType == .bool: number.boolValue
        default: defaultValue
        }
    }

    private func string(_ directive: Directive, _ name: String) -> String? {
        if case .string(let string)? = argument(directive, name) { return string }
        return nil
    }

    private func argument(_ directive: Directive, _ name: String) -> Map? {
        directive.arguments.first { $0.name.value == name }.flatMap { Self.literal($0.value, variables: values) }
    }

    /// The value of an argument as written, a variable's value for a variable.
    static func literal(_ value: Value, variables: [String: Map]) -> Map? {
        switch value {
        case let variable as Variable: variables[variable.name.value]
        case let boolean as BooleanValue: .bool(boolean.value)
        case let int as IntValue: Int(int.value).map { .number(Number($0)) }
        case let string as StringValue: .string(string.value)
        case is NullValue: .null
        default: nil
        }
    }
}

/// An active `@defer` or `@stream`: its label, and for a stream how many items come at once.
struct IncrementalDirectiveUse {
    let label: String?
    let initialCount: Int
}
