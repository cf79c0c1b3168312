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
    case inlineFragment(typeCondition: String?, conditions: [IRCondition], selections: [IRSelection])
    case fragmentSpread(name: String, typeCondition: String, conditions: [IRCondition])
}

/// A variable of an operation.
struct IRVariable: Sendable {
    var name: String
    var type: TypeRef
    var hasDefault: Bool
}

/// An operation ready to be emitted.
struct IROperation: Sendable {
    var name: String
    var kind: GraphQL.OperationType
    var rootType: String
    var variables: [IRVariable]
    var selections: [IRSelection]
    /// The operation's own text as sent, on one line.
    var definitionText: String
    /// The fragments it uses, directly or through other fragments, by name.
    var fragmentNames: [String]
}

/// A named fragment ready to be emitted.
struct IRFragment: Sendable {
    var name: String
    var typeCondition: String
    var selections: [IRSelection]
    /// The fragment's text as sent, on one line.
    var definitionText: String
}
