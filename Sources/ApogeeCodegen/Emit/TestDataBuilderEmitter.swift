/// Writes the test data builders: a struct per object type with a typed property per covered
/// field, an enum per interface or union whose cases name the concrete type, and what the
/// runtime needs to know of the schema to give untouched fields their defaults.
struct TestDataBuilderEmitter {
    let schema: SchemaIndex
    let types: SwiftTypes
    let usage: TestDataUsage

    /// The builder of a schema type: `Launch` → `LaunchBuilder`.
    static func builderName(_ type: String) -> String {
        SwiftNames.capitalized(type) + "Builder"
    }

    /// The private enum that holds the schema description the builders share.
    static let schemaHolder = "TestDataSchemaOfThisModule"

    func emit(into writer: inout SwiftWriter) {
        writer.line()
        emitSchema(into: &writer)
        for object in usage.fields.keys.sorted() {
            writer.line()
            emitObject(object, into: &writer)
        }
        for abstract in usage.abstractTypes.sorted() {
            writer.line()
            emitAbstract(abstract, into: &writer)
        }
    }

    /// The JSON default of a custom scalar whose Swift type is a number or a Boolean.
    static let numericScalarDefaults: [String: String] = [
        "Int": ".int(0)", "Swift.Int": ".int(0)", "Int32": ".int(0)", "Int64": ".int(0)",
        "Double": ".double(0)", "Swift.Double": ".double(0)", "Float": ".double(0)",
        "Bool": ".bool(false)", "Swift.Bool": ".bool(false)",
    ]

    private func emitSchema(into writer: inout SwiftWriter) {
        var enums: Set<String> = []
        var scalars: Set<String> = []
        for (object, names) in usage.fields {
            for name in names {
                guard let type = schema.field(name, on: object)?.type.namedType else { continue }
                switch schema[type]?.kind {
                case .enumeration: enums.insert(type)
                case .scalar where !SchemaIndex.builtInScalars.contains(type): scalars.insert(type)
                default: break
                }
            }
        }
        writer.documentation("What the builders of this module know of the schema: the default of each enum and the type that stands in for each interface and union.")
        writer.block("private nonisolated enum \(Self.schemaHolder)") { writer in
            writer.line("static let schema = TestDataSchema(")
            writer.indented { writer in
                let enumDefaults = enums.sorted().compactMap { name in
                    schema[name]?.enumValues.first.map { "\(SwiftLiteral.string(name)): \(SwiftLiteral.string($0.name))" }
                }
                writer.line("enumDefaults: " + Self.dictionary(enumDefaults) + ",")
                let abstractDefaults = usage.abstractTypes.sorted().compactMap { name in
                    usage.objects(of: name).first.map { "\(SwiftLiteral.string(name)): \(SwiftLiteral.string($0))" }
                }
                let scalarDefaults = scalars.sorted().compactMap { name in
                    types.configuration.scalarTypes[name].flatMap { Self.numericScalarDefaults[$0] }.map { "\(SwiftLiteral.string(name)): \($0)" }
                }
                writer.line("abstractTypeDefaults: " + Self.dictionary(abstractDefaults) + (scalarDefaults.isEmpty ? "" : ","))
                if !scalarDefaults.isEmpty { writer.line("scalarDefaults: " + Self.dictionary(scalarDefaults)) }
            }
            writer.line(")")
        }
    }

    private static func dictionary(_ entries: [String]) -> String {
        entries.isEmpty ? "[:]" : "[" + entries.joined(separator: ", ") + "]"
    }

    private struct Property {
        var name: String
        var field: String
        var type: String
        var isObject: Bool
        var isNullable: Bool
        var documentation: String
    }

    private func properties(of object: String) -> [Property] {
        (usage.fields[object] ?? []).sorted().compactMap { name in
            guard let field = schema.field(name, on: object) else { return nil }
            let isObject = schema.isComposite(field.type.namedType)
            var documentation = "`\(object).\(name): \(field.type.graphQLText)`"
            if let summary = field.description?.split(whereSeparator: \.isNewline).first {
                documentation += ": " + summary.trimmingCharacters(in: .whitespaces)
            }
            return Property(
                name: SwiftNames.identifier(name), field: name, type: swiftType(field.type), isObject: isObject,
                isNullable: !field.type.isNonNull, documentation: documentation)
        }
    }

    /// The property's type: optional, since a field left alone gets its default; list elements
    /// keep the schema's nullability.
    private func swiftType(_ ref: TypeRef) -> String {
        element(ref.nullable) + "?"
    }

    private func element(_ ref: TypeRef) -> String {
        switch ref {
        case .nonNull(let inner): element(inner)
        case .list(let inner): "[" + element(inner) + (inner.isNonNull ? "" : "?") + "]"
        case .named(let name): schema.isComposite(name) ? Self.builderName(name) : types.leaf(name)
        }
    }

    private func emitObject(_ object: String, into writer: inout SwiftWriter) {
        let properties = properties(of: object)
        let name = Self.builderName(object)
        var documentation = "Test data for a `\(object)`: the fields a test sets, and defaults for the others."
        if let summary = schema[object]?.description?.split(whereSeparator: \.isNewline).first {
            documentation += "\n\n" + summary.trimmingCharacters(in: .whitespaces)
        }
        writer.documentation(documentation)
        writer.block("public nonisolated struct \(name): ObjectBuilder") { writer in
            writer.line("public static let __typename = \(SwiftLiteral.string(object))")
            writer.line("public static var __testDataSchema: TestDataSchema { \(Self.schemaHolder).schema }")
            writer.line("public var __fields = BuiltFields()")
            writer.line()
            writer.documentation("A `\(object)` with the fields given here set; the others get their defaults. A nullable field's argument may be an optional, whose `nil` makes the field `null`.")
            if properties.isEmpty {
                writer.line("public init() {}")
            } else {
                // A nullable field's parameter is a double optional: left out, the field gets its
                // default; given an optional value, `nil` makes it `null`.
                let parameters = properties.map { property in
                    "\(SwiftNames.parameter(property.name).declaration): \(property.type)\(property.isNullable ? "?" : "") = nil"
                }
                writer.block("public init(" + parameters.joined(separator: ", ") + ")") { writer in
                    for property in properties {
                        let value = SwiftNames.parameter(property.name).value
                        writer.line("if let \(value) { self.\(property.name) = \(value) }")
                    }
                }
            }
            for property in properties {
                writer.line()
                writer.documentation(property.documentation)
                writer.block("public var \(property.name): \(property.type)") { writer in
                    let literal = SwiftLiteral.string(property.field)
                    if property.isObject {
                        writer.line("get { __fields.object(\(literal)) }")
                        writer.line("set { __fields.setObject(newValue, for: \(literal), nullable: \(property.isNullable)) }")
                    } else {
                        writer.line("get { __fields.scalar(\(literal)) }")
                        writer.line("set { __fields.setScalar(newValue, for: \(literal), nullable: \(property.isNullable)) }")
                    }
                }
            }
        }
    }

    private func emitAbstract(_ abstract: String, into writer: inout SwiftWriter) {
        let kind = schema[abstract]?.kind == .union ? "union" : "interface"
        let objects = usage.objects(of: abstract)
        let cases = objects.map { (object: $0, name: SwiftNames.identifier(SwiftNames.lowerFirst($0))) }
        writer.documentation("Test data for the \(kind) `\(abstract)`: a case per object type it can be.")
        writer.block("public nonisolated enum \(Self.builderName(abstract)): BuiltValueConvertible") { writer in
            for entry in cases {
                writer.documentation("A `\(entry.object)`.")
                writer.line("case \(entry.name)(\(Self.builderName(entry.object)))")
            }
            writer.line()
            writer.documentation("The builder of the case.")
            writer.block("public var builtValue: BuiltValue") { writer in
                writer.flatBlock("switch self") { writer in
                    for entry in cases {
                        writer.line("case .\(entry.name)(let builder): builder.builtValue")
                    }
                }
            }
            writer.line()
            writer.documentation("The case for a stored builder of one of the types; `nil` for any other value.")
            writer.block("public init?(builtValue: BuiltValue)") { writer in
                for entry in cases {
                    writer.line("if let builder = \(Self.builderName(entry.object))(builtValue: builtValue) { self = .\(entry.name)(builder); return }")
                }
                writer.line("return nil")
            }
        }
    }
}
