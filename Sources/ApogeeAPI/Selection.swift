/// What a selection set selects, as data: the metadata that the normalizer and the cache
/// reader walk alongside a response or a record, so that neither needs reflection or has to
/// parse the operation's text at run time.
///
/// Generated code writes one `static let __selections: [Selection]` per selection set.
///
/// A field is held as its one reference to shared storage, not in a box of its own: reading a
/// field out of a selection, which the store does for every field of every object it reads,
/// then costs one reference count instead of two. The fragments, larger, are boxed.
public enum Selection: Sendable, Hashable {
    /// A field, with its arguments and, for objects, its own selections.
    case field(Field)
    /// An inline fragment (`... on User { … }`), or a group of fields under `@include`/`@skip`.
    indirect case inlineFragment(InlineFragment)
    /// A named fragment spread (`...LaunchDetails`), carrying the fragment's selections.
    indirect case fragmentSpread(FragmentSpread)
}

extension Selection {
    /// A selected field.
    public struct Field: Sendable, Hashable {
        /// The key of the field in the response: its alias, or its name.
        public var responseKey: String {
            @inlinable get { storage.values.responseKey }
            set { update { $0.responseKey = newValue } }
        }
        /// The schema's name of the field.
        public var name: String {
            @inlinable get { storage.values.name }
            set { update { $0.name = newValue } }
        }
        /// The arguments, in the order they are written, with variables unresolved.
        public var arguments: [Argument] {
            @inlinable get { storage.values.arguments }
            set { update { $0.arguments = newValue } }
        }
        /// The field's type as the schema declares it.
        public var type: FieldType {
            @inlinable get { storage.values.type }
            set { update { $0.type = newValue } }
        }
        /// The `@include`/`@skip` conditions, all of which must pass for the field to be selected.
        public var conditions: [Condition] {
            @inlinable get { storage.values.conditions }
            set { update { $0.conditions = newValue } }
        }
        /// Client-side directives (`@connection`, `@appendEdge`, …) kept for the store; never sent.
        public var directives: [Directive] {
            @inlinable get { storage.values.directives }
            set { update { $0.directives = newValue } }
        }
        /// Whether the field is local: a client schema extension adds it to a server type, so
        /// the document sent leaves it out, a server result never writes it, and the store
        /// keeps what the app writes.
        public var isLocal: Bool {
            @inlinable get { storage.values.isLocal }
            set {
                update { values in
                    values.isLocal = newValue
                    if !newValue { values.clientDefault = nil }
                }
            }
        }
        /// A local field's declared default (`@clientDefault(value:)`): what the store reads
        /// while nothing is written. A local field without one reads as `null`; a field that
        /// is not local has none.
        public var clientDefault: JSONValue? {
            @inlinable get { storage.values.clientDefault }
            set { if storage.values.isLocal { update { $0.clientDefault = newValue } } }
        }
        /// Whether this is the client-only `__id` field, the record key of the parent object.
        @inlinable public var isClientID: Bool { storage.isClientID }

        /// Whether the field's value in a response is the object's `__typename`, which the
        /// normalizer reads before the object's fields: a leaf under that response key.
        @inlinable package var isResponseTypename: Bool { storage.isResponseTypename }
        /// The arguments sorted by name, the order a storage key writes them in.
        package var argumentsByName: [Argument] { storage.argumentsByName }
        /// The field's storage key when it is the same for every write: no argument, or none
        /// that refers to a variable. `nil` when the variables decide it.
        @inlinable package var constantStorageKey: String? { storage.constantStorageKey }

        /// The field's storage key (``FieldStorageKey``) with its variables resolved from
        /// `variables`, for a field without a constant one.
        ///
        /// Written again only when the values of the variables it names change: a
        /// subscription's events, or the pages a watcher reads again, write the same key many
        /// times, and writing its JSON is most of the cost of a small event's normalization.
        package func variableStorageKey(with variables: JSONObject) -> String {
            let names = storage.keyVariables
            if let names, let remembered = storage.lastVariableKey.withLock({ last -> String? in
                guard let last else { return nil }
                for (position, name) in names.enumerated() where variables[name] != last.values[position] {
                    return nil
                }
                return last.key
            }) {
                return remembered
            }
            let key = FieldStorageKey.make(name: storage.values.name, argumentsByName: storage.argumentsByName, variables: variables)
            if let names {
                let values = names.map { variables[$0] }
                storage.lastVariableKey.withLock { $0 = (values, key) }
            }
            return key
        }

        /// The metadata, shared by every copy: the normalizer and the reader visit each field
        /// of every object they walk, and copying one reference is what makes that visit cheap,
        /// where copying the values would retain each of them.
        // Visible to inlining so that the store and the normalizer, which ask every field they
        // meet, read its metadata in place instead of calling across modules for each value.
        @usableFromInline var storage: Storage

        /// Creates field metadata; generated code calls this.
        public init(
            _ name: String,
            alias: String? = nil,
            arguments: [Argument] = [],
            type: FieldType,
            conditions: [Condition] = [],
            directives: [Directive] = [],
            isLocal: Bool = false,
            clientDefault: JSONValue? = nil
        ) {
            storage = Storage(Values(
                responseKey: alias ?? name,
                name: name,
                arguments: arguments,
                type: type,
                conditions: conditions,
                directives: directives,
                isLocal: isLocal,
                clientDefault: isLocal ? clientDefault : nil
            ))
        }

        /// Whether two fields carry the same metadata.
        public static func == (lhs: Field, rhs: Field) -> Bool {
            lhs.storage === rhs.storage || lhs.storage.values == rhs.storage.values
        }

        /// Hashes the metadata that equality compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(storage.values)
        }

        /// Changes a copy of the values: the storage is shared and never changes in place.
        private mutating func update(_ change: (inout Values) -> Void) {
            var values = storage.values
            change(&values)
            storage = Storage(values)
        }

        /// The nested selections of an object field (through lists and non-null), or `nil` for a leaf.
        @inlinable public var selections: [Selection]? {
            type.selections
        }

        /// Whether the field selects an object (through lists and non-null), not a leaf.
        @inlinable package var selectsObject: Bool { storage.selectsObject }

        /// Whether the field has `@include` or `@skip` conditions: asked of every field read,
        /// so kept as a flag instead of looking at the list.
        @inlinable package var hasConditions: Bool { storage.hasConditions }

        /// Whether the field has client directives.
        @inlinable package var hasDirectives: Bool { storage.hasDirectives }
    }

    /// A field's type: a leaf or an object, wrapped in lists and non-null as the schema says.
    public indirect enum FieldType: Sendable, Hashable {
        /// A scalar or enum, named as in the schema.
        case scalar(String)
        /// An object, interface or union, named as in the schema, with the selections made on it.
        case object(String, [Selection])
        /// A list of the wrapped type.
        case list(FieldType)
        /// A non-null wrapper.
        case nonNull(FieldType)

        /// The nested selections of an object type, through lists and non-null.
        public var selections: [Selection]? {
            switch self {
            case .scalar: nil
            case .object(_, let selections): selections
            case .list(let inner), .nonNull(let inner): inner.selections
            }
        }

        /// The name of the named type inside the wrappers.
        public var namedType: String {
            switch self {
            case .scalar(let name), .object(let name, _): name
            case .list(let inner), .nonNull(let inner): inner.namedType
            }
        }

        /// Whether the outermost wrapper is non-null.
        public var isNonNull: Bool {
            if case .nonNull = self { return true }
            return false
        }
    }

    /// An argument of a field or a directive.
    public struct Argument: Sendable, Hashable {
        /// The argument's name.
        public var name: String
        /// Its value, which may refer to variables.
        public var value: ArgumentValue

        /// Creates an argument.
        public init(_ name: String, _ value: ArgumentValue) {
            self.name = name
            self.value = value
        }
    }

    /// An `@include(if:)` or `@skip(if:)` condition on a variable. Conditions with literal
    /// values are resolved by code generation and never appear here.
    public struct Condition: Sendable, Hashable {
        /// The Boolean variable the condition reads.
        public var variable: String
        /// `true` for `@include`, `false` for `@skip`.
        public var passesWhen: Bool

        /// `@include(if: $variable)`.
        public static func include(_ variable: String) -> Condition {
            Condition(variable: variable, passesWhen: true)
        }

        /// `@skip(if: $variable)`.
        public static func skip(_ variable: String) -> Condition {
            Condition(variable: variable, passesWhen: false)
        }

        /// Whether the condition passes for the given variables; an absent variable counts as false.
        public func passes(with variables: JSONObject) -> Bool {
            let value = variables[variable] == .bool(true)
            return value == passesWhen
        }
    }

    /// A client-side directive, kept for the store and stripped from the document sent.
    public struct Directive: Sendable, Hashable {
        /// The directive's name without `@`.
        public var name: String
        /// Its arguments.
        public var arguments: [Argument]

        /// Creates a directive.
        public init(_ name: String, arguments: [Argument] = []) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// The concrete types for which a fragment applies.
    public struct TypeCondition: Sendable, Hashable {
        /// The type named in the condition (`on User`).
        public var name: String
        /// The object types that match it: the type itself, or the implementations or members
        /// of an interface or union, as the schema knew them when the code was generated.
        public var possibleTypes: Set<String>

        /// Creates a type condition.
        public init(_ name: String, possibleTypes: Set<String>) {
            self.name = name
            self.possibleTypes = possibleTypes
        }

        /// Whether an object of the given `__typename` matches.
        public func matches(_ typename: String) -> Bool {
            possibleTypes.containsName(typename)
        }
    }

    /// An inline fragment.
    public struct InlineFragment: Sendable, Hashable {
        /// The type condition, or `nil` when the fragment always applies.
        public var typeCondition: TypeCondition?
        /// The `@include`/`@skip` conditions on the fragment.
        public var conditions: [Condition]
        /// The fragment's selections.
        public var selections: [Selection]

        /// Creates inline fragment metadata.
        public init(on typeCondition: TypeCondition?, conditions: [Condition] = [], selections: [Selection]) {
            self.typeCondition = typeCondition
            self.conditions = conditions
            self.selections = selections
        }
    }

    /// A named fragment spread.
    public struct FragmentSpread: Sendable, Hashable {
        /// The fragment's name.
        public var name: String
        /// The fragment's type condition.
        public var typeCondition: TypeCondition
        /// The `@include`/`@skip` conditions on the spread.
        public var conditions: [Condition]
        /// The fragment's selections.
        public var selections: [Selection]

        /// Creates fragment spread metadata from a generated fragment type.
        public init<F: Fragment>(_ fragment: F.Type, conditions: [Condition] = []) {
            self.name = F.fragmentName
            self.typeCondition = F.__typeCondition
            self.conditions = conditions
            self.selections = F.__selections
        }
    }
}

/// The value of an argument in an operation: a literal, or a reference to a variable.
public indirect enum ArgumentValue: Sendable, Hashable {
    /// A variable, `$name`.
    case variable(String)
    /// A literal scalar, enum (as its name) or `null`.
    case literal(JSONValue)
    /// A list literal that may contain variables.
    case list([ArgumentValue])
    /// An input object literal that may contain variables, fields in written order.
    case object([Selection.Argument])

    /// The value with variables replaced by their values; an absent variable becomes `null`.
    public func resolved(with variables: JSONObject) -> JSONValue {
        switch self {
        case .variable(let name): variables[name] ?? .null
        case .literal(let value): value
        case .list(let values): .array(values.map { $0.resolved(with: variables) })
        case .object(let fields):
            .object(JSONObject(fields.map { ($0.name, $0.value.resolved(with: variables)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}

extension Selection.Field {
    /// A field's metadata as values.
    @usableFromInline struct Values: Sendable, Hashable {
        @usableFromInline var responseKey: String
        @usableFromInline var name: String
        @usableFromInline var arguments: [Selection.Argument]
        @usableFromInline var type: Selection.FieldType
        @usableFromInline var conditions: [Selection.Condition]
        @usableFromInline var directives: [Selection.Directive]
        @usableFromInline var isLocal: Bool
        @usableFromInline var clientDefault: JSONValue?
    }

    /// The values behind a reference.
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let values: Values
        /// Asked of every field the normalizer meets, so worked out once.
        @usableFromInline let isClientID: Bool
        @usableFromInline let isResponseTypename: Bool
        @usableFromInline let selectsObject: Bool
        @usableFromInline let hasConditions: Bool
        @usableFromInline let hasDirectives: Bool
        /// Sorted once: every write of the field names its storage key, arguments by name.
        let argumentsByName: [Selection.Argument]
        /// Written once when no variable can change it, which spares most fields with
        /// arguments (`first: 10`) writing JSON at every visit.
        @usableFromInline let constantStorageKey: String?
        /// The variables the storage key depends on, when every argument is a literal or a
        /// variable itself; `nil` when a variable sits inside a list or an input object, whose
        /// keys are written afresh each time.
        let keyVariables: [String]?
        /// The last storage key written with variables, with the values of
        /// ``keyVariables`` it was written with.
        let lastVariableKey = Locked<(values: [JSONValue?], key: String)?>(nil)

        init(_ values: Values) {
            self.values = values
            isClientID = values.name == "__id"
            selectsObject = values.type.selections != nil
            isResponseTypename = values.responseKey == "__typename" && !selectsObject
            hasConditions = !values.conditions.isEmpty
            hasDirectives = !values.directives.isEmpty
            argumentsByName = values.arguments.sorted { $0.name < $1.name }
            constantStorageKey = values.arguments.contains(where: \.value.refersToVariables)
                ? nil
                : FieldStorageKey.make(name: values.name, argumentsByName: argumentsByName, variables: [:])
            var keyVariables: [String]? = []
            for argument in argumentsByName where argument.value.refersToVariables {
                guard case .variable(let name) = argument.value else {
                    keyVariables = nil
                    break
                }
                keyVariables?.append(name)
            }
            self.keyVariables = constantStorageKey == nil ? keyVariables : nil
        }
    }
}

extension Selection {
    /// `__typename`, which every generated selection set selects: one short line in each
    /// struct's metadata.
    public static let typename: Selection = .field(Field("__typename", type: .nonNull(.scalar("String"))))
}
