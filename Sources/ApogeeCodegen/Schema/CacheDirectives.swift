import GraphQL

/// The directives that declare cache policy beside the schema, in a schema extension file
/// (`extend type Book @typePolicy(keyFields: "isbn")`). They are declared for the schema when
/// it does not declare them, checked against the types they name, and turned into metadata
/// that generated code hands to the store.
enum CacheDirectives {
    /// The declarations, by name.
    static let declarations: [(name: String, sdl: String)] = [
        ("typePolicy", "directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE"),
        ("fieldPolicy", "directive @fieldPolicy(forField: String!, keyArgs: String!) repeatable on OBJECT"),
        ("cacheControl", "directive @cacheControl(maxAge: Int, inheritMaxAge: Boolean) on FIELD_DEFINITION | OBJECT | INTERFACE | UNION"),
        ("cacheControlField", "directive @cacheControlField(name: String!, maxAge: Int, inheritMaxAge: Boolean) repeatable on OBJECT | INTERFACE"),
        // How the pages of a field merge into one list (`PaginationDirectives.swift`).
        ("paginated", "directive @paginated(field: String!, cursorArgument: String, offsetArgument: String, sizeArgument: String, itemsField: String, nextCursorField: String, hasMoreField: String) repeatable on OBJECT | INTERFACE"),
        // What the store reads for a local field never written. Its value fits the field's
        // type, which no one GraphQL type can say, so it takes a scalar of its own; Apogee
        // checks the value against the field (`SchemaIndex+LocalFields.swift`).
        (LocalFields.defaultDirective, "scalar ClientDefaultValue directive @clientDefault(value: ClientDefaultValue!) on FIELD_DEFINITION"),
    ]

    /// Directives every schema knows without declaring them.
    static let builtIn: Set<String> = ["deprecated", "specifiedBy", "include", "skip", "oneOf"]

    /// The field names of a `keyFields` argument: Apollo's form, names separated by spaces.
    static func keyFieldNames(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).map(String.init)
    }
}

/// One `@typePolicy` as written, kept with its place for the checks that run once every
/// extension has been merged.
struct DeclaredTypePolicy: Sendable {
    var typeName: String
    var keyFields: [String]
    var location: Location?
}

/// One `@fieldPolicy` as written.
struct DeclaredFieldPolicy: Sendable {
    var typeName: String
    var fieldName: String
    var keyArguments: [String]
    var location: Location?
}

extension SchemaIndex {
    /// The `@fieldPolicy` directives of a type definition or extension.
    static func fieldPolicies(of typeName: String, directives: [Directive]) -> [DeclaredFieldPolicy] {
        directives.filter { $0.name.value == "fieldPolicy" }.map { directive in
            func text(_ name: String) -> String {
                (directive.arguments.first { $0.name.value == name }?.value as? StringValue)?.value ?? ""
            }
            return DeclaredFieldPolicy(
                typeName: typeName, fieldName: text("forField"), keyArguments: CacheDirectives.keyFieldNames(text("keyArgs")),
                location: directive.loc)
        }
    }

    /// Checks each `@fieldPolicy` against its field and the type the field returns, and
    /// records the valid ones as redirects. A type's key is its `@typePolicy`, or `id`.
    mutating func applyFieldPolicies(_ policies: [DeclaredFieldPolicy], fileName: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func error(_ policy: DeclaredFieldPolicy, _ message: String) {
            diagnostics.append(SourcePosition.diagnostic(at: policy.location, fallbackFile: fileName, message: message))
        }
        for policy in policies {
            guard let type = types[policy.typeName] else { continue }
            guard type.kind == .object else {
                error(policy, "@fieldPolicy applies to object types, not to \(policy.typeName).")
                continue
            }
            guard let field = type.fields[policy.fieldName] else {
                error(policy, "@fieldPolicy(forField:) names \"\(policy.fieldName)\", which \(policy.typeName) does not have.")
                continue
            }
            let returned = field.type.namedType
            guard types[returned]?.kind == .object else {
                error(policy, "@fieldPolicy on \(policy.typeName).\(policy.fieldName): a redirect needs a field that returns an object type, and \(returned) is not one.")
                continue
            }
            let missing = policy.keyArguments.filter { !field.argumentNames.contains($0) }
            guard missing.isEmpty, !policy.keyArguments.isEmpty else {
                let names = missing.isEmpty ? "no argument" : missing.map { "\"\($0)\"" }.joined(separator: ", ")
                error(policy, "@fieldPolicy(keyArgs:) names \(names), which is not an argument of \(policy.typeName).\(policy.fieldName).")
                continue
            }
            let keyFields = cacheKeyFields(ofObjectType: returned) ?? (types[returned]?.fields["id"] != nil ? ["id"] : [])
            guard keyFields.count == policy.keyArguments.count else {
                let key = keyFields.isEmpty ? "no key (no @typePolicy and no id field)" : "the key \(keyFields.joined(separator: " "))"
                error(policy, "@fieldPolicy(keyArgs:) gives \(policy.keyArguments.count) argument(s), but \(returned) has \(key).")
                continue
            }
            redirects[policy.typeName + "." + policy.fieldName] = Redirect(
                typename: returned, keyArguments: policy.keyArguments, keyFields: keyFields)
        }
        return diagnostics
    }

    /// The `@typePolicy` of a type definition or extension, if it has one.
    static func typePolicy(of typeName: String, directives: [Directive]) -> DeclaredTypePolicy? {
        guard let directive = directives.first(where: { $0.name.value == "typePolicy" }) else { return nil }
        let text = (directive.arguments.first { $0.name.value == "keyFields" }?.value as? StringValue)?.value ?? ""
        return DeclaredTypePolicy(typeName: typeName, keyFields: CacheDirectives.keyFieldNames(text), location: directive.loc)
    }

    /// Checks each `@typePolicy` against its type, now that extensions have added their
    /// fields, and records the valid ones.
    mutating func applyTypePolicies(_ policies: [DeclaredTypePolicy], fileName: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for policy in policies {
            guard let type = types[policy.typeName] else { continue }  // reported as an unknown type already
            guard type.kind == .object || type.kind == .interface else {
                diagnostics.append(SourcePosition.diagnostic(
                    at: policy.location, fallbackFile: fileName,
                    message: "@typePolicy applies to object types and interfaces, not to \(policy.typeName)."))
                continue
            }
            guard !policy.keyFields.isEmpty else {
                diagnostics.append(SourcePosition.diagnostic(
                    at: policy.location, fallbackFile: fileName,
                    message: "@typePolicy on \(policy.typeName) names no key field: give keyFields one or more field names, separated by spaces."))
                continue
            }
            let missing = policy.keyFields.filter { type.fields[$0] == nil }
            guard missing.isEmpty else {
                let names = missing.map { "\"\($0)\"" }.joined(separator: ", ")
                diagnostics.append(SourcePosition.diagnostic(
                    at: policy.location, fallbackFile: fileName,
                    message: "@typePolicy(keyFields:) names \(names), which \(policy.typeName) does not have."))
                continue
            }
            if let earlier = declaredKeyFields[policy.typeName], earlier != policy.keyFields {
                diagnostics.append(SourcePosition.diagnostic(
                    at: policy.location, fallbackFile: fileName,
                    message: "\(policy.typeName) has two @typePolicy directives with different key fields."))
                continue
            }
            declaredKeyFields[policy.typeName] = policy.keyFields
        }
        return diagnostics
    }

    /// The key fields of every object type that has some: its own `@typePolicy`, or else that
    /// of the first of its interfaces that declares one. Objects arrive with their concrete
    /// `__typename`, so interface keys are given to each implementation.
    func cacheKeyFields() -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (name, type) in types where type.kind == .object {
            result[name] = cacheKeyFields(ofObjectType: name)
        }
        return result
    }

    /// The declared key of one object type: its own, or its first keyed interface's.
    func cacheKeyFields(ofObjectType name: String) -> [String]? {
        if let own = declaredKeyFields[name] { return own }
        for interface in types[name]?.interfaces ?? [] {
            if let inherited = declaredKeyFields[interface] { return inherited }
        }
        return nil
    }
}
