import GraphQL

/// The directives that declare cache policy beside the schema, in a schema extension file
/// (`extend type Book @typePolicy(keyFields: "isbn")`). They are declared for the schema when
/// it does not declare them, checked against the types they name, and turned into metadata
/// that generated code hands to the store.
enum CacheDirectives {
    /// The declarations, by name.
    static let declarations: [(name: String, sdl: String)] = [
        ("typePolicy", "directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE"),
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

extension SchemaIndex {
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
            if let own = declaredKeyFields[name] {
                result[name] = own
            } else if let inherited = type.interfaces.lazy.compactMap({ declaredKeyFields[$0] }).first {
                result[name] = inherited
            }
        }
        return result
    }
}
