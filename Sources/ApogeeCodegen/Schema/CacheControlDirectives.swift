import GraphQL

/// One maximum age as written: `@cacheControl(maxAge:)` on a type or a field, or
/// `@cacheControlField(name:maxAge:)` on a type, kept with its place for the checks that run
/// once every extension has been merged.
struct DeclaredMaxAge: Sendable {
    var typeName: String
    /// The field, or `nil` for the type's own age.
    var fieldName: String?
    /// The age in seconds, or `nil` when the directive gives none (or not an integer).
    var seconds: Int?
    var directive: String
    var location: Location?
}

extension SchemaIndex {
    /// The maximum ages a type definition or extension declares, on itself and its fields.
    static func maxAges(of typeName: String, directives: [Directive], fields: [FieldDefinition]) -> [DeclaredMaxAge] {
        var declared: [DeclaredMaxAge] = []
        for directive in directives {
            switch directive.name.value {
            case "cacheControl":
                declared.append(DeclaredMaxAge(
                    typeName: typeName, fieldName: nil, seconds: intArgument("maxAge", of: directive),
                    directive: "@cacheControl", location: directive.loc))
            case "cacheControlField":
                let name = (directive.arguments.first { $0.name.value == "name" }?.value as? StringValue)?.value ?? ""
                declared.append(DeclaredMaxAge(
                    typeName: typeName, fieldName: name, seconds: intArgument("maxAge", of: directive),
                    directive: "@cacheControlField", location: directive.loc))
            default:
                continue
            }
        }
        for field in fields {
            for directive in field.directives where directive.name.value == "cacheControl" {
                declared.append(DeclaredMaxAge(
                    typeName: typeName, fieldName: field.name.value, seconds: intArgument("maxAge", of: directive),
                    directive: "@cacheControl", location: directive.loc))
            }
        }
        return declared
    }

    private static func intArgument(_ name: String, of directive: Directive) -> Int? {
        (directive.arguments.first { $0.name.value == name }?.value as? IntValue).flatMap { Int($0.value) }
    }

    /// Checks each declared age against its type and field, and records the valid ones by
    /// `"Type"` and `"Type.field"`. An interface's or a union's age is given to each object
    /// type it covers, since records carry their concrete `__typename`; an object's own wins.
    mutating func applyMaxAges(_ declared: [DeclaredMaxAge], fileName: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var ages: [String: Int] = [:]
        var inherited: [String: Int] = [:]
        for age in declared {
            func error(_ message: String) {
                diagnostics.append(SourcePosition.diagnostic(at: age.location, fallbackFile: fileName, message: message))
            }
            guard let type = types[age.typeName] else { continue }  // reported as an unknown type already
            guard let seconds = age.seconds, seconds >= 0 else {
                error("\(age.directive) on \(age.typeName) needs maxAge: a whole number of seconds, 0 or more.")
                continue
            }
            guard [.object, .interface, .union].contains(type.kind) else {
                error("\(age.directive) applies to object types, interfaces and unions, not to \(age.typeName).")
                continue
            }
            if let field = age.fieldName {
                guard type.fields[field] != nil else {
                    error("\(age.directive) names the field \"\(field)\", which \(age.typeName) does not have.")
                    continue
                }
            }
            let suffix = age.fieldName.map { "." + $0 } ?? ""
            if type.kind == .object {
                ages[age.typeName + suffix] = seconds
            } else {
                for object in objectTypes(covering: age.typeName) {
                    inherited[object + suffix] = inherited[object + suffix].map { min($0, seconds) } ?? seconds
                }
            }
        }
        declaredMaxAges = inherited.merging(ages) { _, own in own }
        return diagnostics
    }

    /// The object types that implement an interface or belong to a union, in name order.
    private func objectTypes(covering name: String) -> [String] {
        if let members = types[name]?.members, !members.isEmpty { return members.sorted() }
        return types.values.filter { $0.kind == .object && $0.interfaces.contains(name) }.map(\.name).sorted()
    }
}
