import GraphQL

/// A field as a schema file writes it, kept with its type for the checks of local fields that
/// run once every extension has been merged.
struct DeclaredField {
    var typeName: String
    var definition: FieldDefinition
    /// Whether the server's schema defines the field (rather than an extension file).
    var isServerField: Bool

    var name: String { definition.name.value }
    var clientDefault: Directive? { definition.directives.first { $0.name.value == LocalFields.defaultDirective } }
}

/// Local-only fields: the fields a client schema extension adds to a type of the server's
/// schema (`extend type Launch { isFavorite: Boolean! @clientDefault(value: false) }`). The
/// server never sees them: they are left out of the document sent. The store keeps them like
/// any field, and a local field that was never written reads as its `@clientDefault`, or as
/// `null` when it is nullable and has none; so a non-null local field must declare a default.
enum LocalFields {
    /// The directive that gives a local field its value before anything is written.
    static let defaultDirective = "clientDefault"

    /// The fields that definitions from `firstExtension` on (the extension files') add to the
    /// types the definitions before it (the server's schema) define, and every field that
    /// carries `@clientDefault`, wherever it is.
    static func declarations(in definitions: [Definition], firstExtension: Int) -> (local: [DeclaredField], defaulted: [DeclaredField]) {
        let serverEnd = min(firstExtension, definitions.count)
        // Only the types that an extension file adds fields to, or that carry a field with a
        // default, have their server fields looked up: a big schema has tens of thousands of
        // fields, and this runs on every load.
        var concerned = Set<String>()
        for (position, definition) in definitions.enumerated() {
            guard let (typeName, fields) = fields(of: definition) else { continue }
            if (position >= serverEnd && isExtension(definition)) || fields.contains(where: hasDefault) {
                concerned.insert(typeName)
            }
        }
        guard !concerned.isEmpty else { return ([], []) }
        var serverTypes = Set<String>()
        var serverFields: [String: Set<String>] = [:]
        for definition in definitions[..<serverEnd] {
            if let type = definition as? TypeDefinition, concerned.contains(type.name.value) { serverTypes.insert(type.name.value) }
            if let (typeName, fields) = fields(of: definition), concerned.contains(typeName) {
                serverFields[typeName, default: []].formUnion(fields.map(\.name.value))
            }
        }
        var local: [DeclaredField] = []
        var defaulted: [DeclaredField] = []
        for (position, definition) in definitions.enumerated() {
            guard let (typeName, fields) = fields(of: definition), concerned.contains(typeName) else { continue }
            let extends = position >= serverEnd && isExtension(definition)
            for field in fields {
                let declared = DeclaredField(
                    typeName: typeName, definition: field, isServerField: serverFields[typeName]?.contains(field.name.value) ?? false)
                if extends, serverTypes.contains(typeName), !declared.isServerField { local.append(declared) }
                if declared.clientDefault != nil { defaulted.append(declared) }
            }
        }
        return (local, defaulted)
    }

    private static func isExtension(_ definition: Definition) -> Bool {
        definition is TypeExtensionDefinition || definition is InterfaceExtensionDefinition
    }

    private static func hasDefault(_ field: FieldDefinition) -> Bool {
        field.directives.contains { $0.name.value == defaultDirective }
    }

    /// The type name and the field definitions of an object or interface definition or extension.
    private static func fields(of definition: Definition) -> (String, [FieldDefinition])? {
        switch definition {
        case let object as ObjectTypeDefinition: (object.name.value, object.fields)
        case let interface as InterfaceTypeDefinition: (interface.name.value, interface.fields)
        case let object as TypeExtensionDefinition: (object.definition.name.value, object.definition.fields)
        case let interface as InterfaceExtensionDefinition: (interface.definition.name.value, interface.definition.fields)
        default: nil
        }
    }
}

extension SchemaIndex {
    /// Marks the local fields, with their checked defaults: a default must fit the field's
    /// type, a non-null local field must have one, and `@clientDefault` belongs on local
    /// fields only (the server fills its own fields).
    mutating func applyLocalFields(_ local: [DeclaredField], defaulted: [DeclaredField], fileName: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func error(at location: Location?, _ message: String) {
            diagnostics.append(SourcePosition.diagnostic(at: location, fallbackFile: fileName, message: message))
        }
        let localNames = Set(local.map { $0.typeName + "." + $0.name })
        for field in defaulted where !localNames.contains(field.typeName + "." + field.name) {
            let what = field.isServerField ? "a field of the server's schema, which the server fills" : "not added to a type of the server's schema"
            error(at: field.clientDefault?.loc, "@clientDefault applies only to local fields, which a schema extension adds to a type of the server's schema; \(field.typeName).\(field.name) is \(what).")
        }
        for declared in local {
            guard var field = types[declared.typeName]?.fields[declared.name] else { continue }
            let name = declared.typeName + "." + declared.name
            field.isLocal = true
            if let directive = declared.clientDefault {
                guard let value = directive.arguments.first(where: { $0.name.value == "value" })?.value else {
                    error(at: directive.loc, "@clientDefault on \(name) has no value: write @clientDefault(value: …).")
                    continue
                }
                if let problem = problem(of: value, as: field.type) {
                    error(at: directive.loc, "@clientDefault(value: \(DocumentPrinter.print(value))) does not fit \(name), of type \(field.type.graphQLText): \(problem).")
                    continue
                }
                if !(value is NullValue) { field.clientDefault = IRValue(value) }
            } else if field.type.isNonNull {
                error(at: declared.definition.name.loc, "The local field \(name) is non-null but has no default. A local field that was never written reads as its default: add @clientDefault(value: …), or make the field nullable so that it reads as null.")
                continue
            }
            types[declared.typeName]?.fields[declared.name] = field
            hasLocalFields = true
        }
        return diagnostics
    }

    /// Why a default value does not fit a type, or `nil` when it does. Lists are written as
    /// lists; an object can only default to `null`, since there is no record to point to.
    private func problem(of value: Value, as type: TypeRef) -> String? {
        if value is Variable { return "a default is a literal, not a variable" }
        switch type {
        case .nonNull(let inner):
            return value is NullValue ? "null is not allowed for a non-null type" : problem(of: value, as: inner)
        case .list(let inner):
            if value is NullValue { return nil }
            guard let list = value as? ListValue else { return "expected a list" }
            return list.values.lazy.compactMap { problem(of: $0, as: inner) }.first
        case .named(let name):
            if value is NullValue { return nil }
            return problem(of: value, asNamed: name)
        }
    }

    private func problem(of value: Value, asNamed name: String) -> String? {
        switch name {
        case "Boolean":
            return value is BooleanValue ? nil : "expected true or false"
        case "Int":
            guard let int = value as? IntValue, Int32(int.value) != nil else { return "expected a 32-bit integer" }
            return nil
        case "Float":
            return value is IntValue || value is FloatValue ? nil : "expected a number"
        case "String", "ID":
            // An ID reads as a string, so its default is written as one.
            return value is StringValue ? nil : "expected a string"
        default:
            break
        }
        switch types[name]?.kind {
        case .enumeration:
            guard let enumValue = value as? EnumValue else { return "expected a value of the enum \(name)" }
            let known = types[name]?.enumValues.contains { $0.name == enumValue.value } ?? false
            return known ? nil : "\(name) has no value \(enumValue.value)"
        case .scalar:
            // A custom scalar's literals are the application's to define.
            return value is ObjectValue ? "expected a scalar literal" : nil
        default:
            return "an object can only default to null"
        }
    }
}
