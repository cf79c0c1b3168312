import GraphQL

/// An `@include`/`@skip` condition on a variable; literal conditions are resolved while the
/// IR is built and never appear.
struct IRCondition: Hashable, Comparable, Sendable {
    var variable: String
    var passesWhen: Bool

    static func < (lhs: IRCondition, rhs: IRCondition) -> Bool {
        (lhs.variable, lhs.passesWhen ? 1 : 0) < (rhs.variable, rhs.passesWhen ? 1 : 0)
    }
}

/// An argument value as written: a literal or a variable, lists and objects kept in order.
indirect enum IRValue: Hashable, Sendable {
    case variable(String)
    case int(String)
    case float(String)
    case string(String)
    case boolean(Bool)
    case null
    case enumValue(String)
    case list([IRValue])
    case object([IRArgument])

    /// The value of a GraphQL literal or variable as written.
    init(_ value: Value) {
        switch value {
        case let variable as Variable: self = .variable(variable.name.value)
        case let int as IntValue: self = .int(int.value)
        case let float as FloatValue: self = .float(float.value)
        case let string as StringValue: self = .string(string.value)
        case let boolean as BooleanValue: self = .boolean(boolean.value)
        case let enumValue as EnumValue: self = .enumValue(enumValue.value)
        case let list as ListValue: self = .list(list.values.map(IRValue.init))
        case let object as ObjectValue: self = .object(object.fields.map { IRArgument(name: $0.name.value, value: IRValue($0.value)) })
        default: self = .null
        }
    }
}

struct IRArgument: Hashable, Sendable {
    var name: String
    var value: IRValue
}

struct IRDirective: Hashable, Sendable {
    var name: String
    var arguments: [IRArgument]
}

/// A field as written, typed by the schema, with its own selections for composite types.
struct IRField: Hashable, Sendable {
    var responseKey: String
    var name: String
    var alias: String?
    var arguments: [IRArgument]
    var type: TypeRef
    var conditions: [IRCondition]
    var directives: [IRDirective]
    /// `nil` for scalars and enums.
    var selections: [IRSelection]?
    /// The schema type the field was selected on, for messages.
    var parentType: String
    /// The first line of the field's description in the schema, for a doc comment.
    var summary: String?
    /// Where the field is written; not part of equality.
    var location: LocationBox
    /// Local: the store keeps it and the server never sees it.
    var isLocal = false
    /// A local field's declared default, read while nothing is stored.
    var clientDefault: IRValue? = nil
    /// The type with the levels `@semanticNonNull` names made non-null; the schema's type
    /// when it names none.
    var semanticType: TypeRef? = nil
    /// The field's `@catch(to:)`, if it has one.
    var catchTo: FieldErrorHandling? = nil

    var isTypename: Bool { name == "__typename" && responseKey == "__typename" }
}

/// Wraps an AST location so that two equal fields written in different places compare equal.
struct LocationBox: Hashable, Sendable {
    var location: Location?
    static func == (lhs: LocationBox, rhs: LocationBox) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// A selection as written in the document.
indirect enum IRSelection: Hashable, Sendable {
    case field(IRField)
    /// `deferral` is set for an inline fragment under `@defer` (unless its `if` is the literal
    /// `false`): its fields arrive later, in a struct of their own.
    case inlineFragment(typeCondition: String?, conditions: [IRCondition], selections: [IRSelection], deferral: IRDeferral? = nil)
    /// `deferral` is set for a spread under `@defer`, as for inline fragments.
    case fragmentSpread(name: String, typeCondition: String, conditions: [IRCondition], deferral: IRDeferral? = nil)
}

/// A variable of an operation.
struct IRVariable: Sendable {
    var name: String
    var type: TypeRef
    var hasDefault: Bool
}

extension [IRSelection] {
    /// Whether a local field is among these selections, nested ones included; fragments
    /// spread here are looked up in `fragments`.
    func selectsLocalFields(fragments: [String: IRFragment]) -> Bool {
        contains { selection in
            switch selection {
            case .field(let field):
                field.isLocal || field.selections?.selectsLocalFields(fragments: fragments) == true
            case .inlineFragment(_, _, let selections, _):
                selections.selectsLocalFields(fragments: fragments)
            case .fragmentSpread(let name, _, _, _):
                fragments[name]?.selections.selectsLocalFields(fragments: fragments) == true
            }
        }
    }
}

/// An operation ready to be emitted.
struct IROperation: Sendable {
    var name: String
    var kind: GraphQL.OperationType
    var rootType: String
    var variables: [IRVariable]
    /// The variables the document sent leaves out, in declared order: those only client
    /// directives or local fields use. The store reads them; the request does not carry them.
    var clientOnlyVariables: [String]
    var selections: [IRSelection]
    /// The operation's own text as sent, on one line.
    var definitionText: String
    /// The fragments it uses, directly or through other fragments, by name.
    var fragmentNames: [String]
    /// The description written on it, for the generated type's doc comment.
    var description: String?
    /// Whether it, or a fragment it uses, defers a fragment or streams a list (an `@defer` or
    /// `@stream` whose `if` is not the literal `false`): the server may answer in parts.
    var deliversIncrementally = false
    /// The operation's `@catch(to:)`, if it has one: what a field error that nothing in the
    /// operation catches does, in place of the project's default.
    var catchTo: FieldErrorHandling? = nil
}

/// A named fragment ready to be emitted.
struct IRFragment: Sendable {
    var name: String
    var typeCondition: String
    var selections: [IRSelection]
    /// The fragment's text as sent, on one line.
    var definitionText: String
    /// The description written on it, for the generated type's doc comment.
    var description: String?
    /// The fragment's `@catch(to:)`, if it has one: every use of it catches its field errors.
    var catchTo: FieldErrorHandling? = nil
}
