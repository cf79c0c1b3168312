import GraphQL

/// The directives that say what a field error does to the generated types: `@semanticNonNull`
/// (a field the server nulls only with an error), `@catch` (where an operation handles a
/// field's error) and `@catchByDefault` (what an error nothing catches does). They are
/// declared when the schema does not declare them; `@catch` is never sent to the server.
enum FieldErrorDirectives {
    static let semanticNonNull = "semanticNonNull"
    static let semanticNonNullField = "semanticNonNullField"
    static let catchDirective = "catch"
    static let catchByDefault = "catchByDefault"

    /// The declarations, by name.
    static let declarations: [(name: String, sdl: String)] = [
        (semanticNonNull, "directive @semanticNonNull(levels: [Int!] = [0]) on FIELD_DEFINITION"),
        // For a schema the app does not own: `extend type Launch @semanticNonNullField(name: "mission")`.
        (semanticNonNullField, "directive @semanticNonNullField(name: String!, levels: [Int!] = [0]) repeatable on OBJECT | INTERFACE"),
        (catchDirective, "enum CatchTo { RESULT NULL THROW } directive @catch(to: CatchTo! = RESULT) on FIELD | FRAGMENT_DEFINITION | QUERY | MUTATION | SUBSCRIPTION"),
        (catchByDefault, "directive @catchByDefault(to: CatchTo!) on SCHEMA"),
    ]

    /// The operation directives the document sent to the server leaves out.
    static let clientOnly: Set<String> = [catchDirective]
}

/// What a field error does where it is caught, or, as the project's default, where nothing
/// catches it: the values of `@catch(to:)` and `@catchByDefault(to:)`.
public enum FieldErrorHandling: String, Sendable, Hashable, CaseIterable {
    /// The field is a `FieldResult`: its value, or the server's errors for it.
    case result = "RESULT"
    /// The field is optional and `nil`; the error stays in the result's `errors`. A
    /// semantically non-null field stays non-optional, and its `nil` goes to the nearest
    /// optional field above it.
    case null = "NULL"
    /// The error fails what catches it, or the whole response's `data` when nothing does.
    case `throw` = "THROW"

    /// The value named as `apogee.json` and `--field-errors` name it: `result`, `null`, `throw`.
    public init?(configurationName: String) {
        self.init(rawValue: configurationName.uppercased())
    }

    /// The `@catch` or `@catchByDefault` named `name` among `directives`, with its `to:`: the
    /// declared default (`RESULT`) when it gives none, `nil` when it is not written out as one
    /// of the three values. `nil` without the directive.
    static func argument(of name: String, in directives: [Directive]) -> (directive: Directive, handling: FieldErrorHandling?)? {
        guard let directive = directives.first(where: { $0.name.value == name }) else { return nil }
        guard let value = directive.arguments.first(where: { $0.name.value == "to" })?.value else { return (directive, .result) }
        return (directive, (value as? EnumValue).flatMap { FieldErrorHandling(rawValue: $0.value) })
    }
}

/// One `@semanticNonNull` or `@semanticNonNullField` as written, kept with its place for the
/// checks that run once every extension has been merged.
struct DeclaredSemanticNonNull: Sendable {
    var typeName: String
    var fieldName: String
    var levels: [Int]
    var directive: String
    var location: Location?

    /// The declarations on a type definition or extension and on its fields.
    static func all(of typeName: String, directives: [Directive], fields: [FieldDefinition]) -> [DeclaredSemanticNonNull] {
        var declared: [DeclaredSemanticNonNull] = []
        for directive in directives where directive.name.value == FieldErrorDirectives.semanticNonNullField {
            let name = (directive.arguments.first { $0.name.value == "name" }?.value as? StringValue)?.value ?? ""
            declared.append(DeclaredSemanticNonNull(
                typeName: typeName, fieldName: name, levels: levels(of: directive), directive: "@semanticNonNullField", location: directive.loc))
        }
        for field in fields {
            for directive in field.directives where directive.name.value == FieldErrorDirectives.semanticNonNull {
                declared.append(DeclaredSemanticNonNull(
                    typeName: typeName, fieldName: field.name.value, levels: levels(of: directive), directive: "@semanticNonNull",
                    location: directive.loc))
            }
        }
        return declared
    }

    /// `levels:` as written, `[0]` when left out; a value that is not an integer is `-1`,
    /// which the check reports.
    private static func levels(of directive: Directive) -> [Int] {
        guard let value = directive.arguments.first(where: { $0.name.value == "levels" })?.value else { return [0] }
        let values = (value as? ListValue)?.values ?? [value]
        return values.map { ($0 as? IntValue).flatMap { Int($0.value) } ?? -1 }
    }
}

extension SchemaIndex {
    /// Checks each `@semanticNonNull` against its field's type and records the valid ones by
    /// `"Type.field"`.
    mutating func applySemanticNonNull(_ declared: [DeclaredSemanticNonNull], fileName: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for declaration in declared {
            func error(_ message: String) {
                diagnostics.append(SourcePosition.diagnostic(at: declaration.location, fallbackFile: fileName, message: message))
            }
            guard let type = types[declaration.typeName] else { continue }  // reported as an unknown type already
            guard let field = type.fields[declaration.fieldName] else {
                error("\(declaration.directive) names the field \"\(declaration.fieldName)\", which \(declaration.typeName) does not have.")
                continue
            }
            let depth = field.type.listDepth
            if let level = declaration.levels.first(where: { $0 < 0 || $0 > depth }) {
                let range = depth == 0 ? "0" : "0 to \(depth)"
                error("\(declaration.directive) on \(declaration.typeName).\(declaration.fieldName) gives level \(level == -1 ? "that is not an integer" : String(level)); its type \(field.type.graphQLText) has levels \(range).")
                continue
            }
            semanticNonNullLevels[declaration.typeName + "." + declaration.fieldName, default: []].formUnion(declaration.levels)
        }
        return diagnostics
    }

    /// A field's type as the operation sees it: non-null at the levels its
    /// `@semanticNonNull` names.
    func semanticType(of field: String, on parent: String, type: TypeRef) -> TypeRef {
        guard let levels = semanticNonNullLevels[parent + "." + field], !levels.isEmpty else { return type }
        return type.nonNull(atLevels: levels)
    }
}

extension TypeRef {
    /// How many lists wrap the named type.
    var listDepth: Int {
        switch self {
        case .named: 0
        case .list(let inner): 1 + inner.listDepth
        case .nonNull(let inner): inner.listDepth
        }
    }

    /// The type with the positions at `levels` made non-null: 0 is the field itself, 1 a
    /// list's elements, 2 the elements of those, and so on.
    func nonNull(atLevels levels: Set<Int>, from level: Int = 0) -> TypeRef {
        switch self {
        case .nonNull(let inner):
            return .nonNull(inner.nonNull(atLevels: levels, from: level))
        case .list(let inner):
            let list = TypeRef.list(inner.nonNull(atLevels: levels, from: level + 1))
            return levels.contains(level) ? .nonNull(list) : list
        case .named:
            return levels.contains(level) ? .nonNull(self) : self
        }
    }
}
