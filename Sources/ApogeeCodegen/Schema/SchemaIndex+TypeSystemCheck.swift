extension SchemaIndex {
    /// Whether the schema passes the specification's type system rules, the ones GraphQLSwift's
    /// `validateSchema` checks, answered from the index.
    ///
    /// Building GraphQLSwift's schema to check it was most of loading GitHub's schema. Like
    /// ``ValidityCheck`` for operations, this answers yes or no and is stricter than the rules
    /// where they are subtle; a no has the schema built and checked by GraphQLSwift, which
    /// words the errors. It must never say yes to a schema GraphQLSwift refuses;
    /// `TypeSystemCheckTests` holds it to that on schemas broken in each rule's way.
    ///
    /// What the index's building already refuses (undefined types, a type defined twice, an
    /// extension of nothing, no query type) is not checked again here.
    func passesTypeSystemCheck() -> Bool {
        guard !needsFullCheck else { return false }
        guard let queryType, types[queryType]?.kind == .object else { return false }
        for root in [mutationType, subscriptionType] {
            if let root, types[root]?.kind != .object { return false }
        }
        for (name, directive) in directives {
            guard !name.hasPrefix("__"), !directive.locations.isEmpty, passes(directive.arguments) else { return false }
        }
        for type in types.values {
            guard !type.name.hasPrefix("__"), passes(type) else { return false }
        }
        return !hasRequiredInputCycle()
    }

    private func passes(_ type: NamedType) -> Bool {
        switch type.kind {
        case .scalar:
            return true
        case .object, .interface:
            guard !type.fields.isEmpty else { return false }
            for field in type.fields.values {
                guard !field.name.hasPrefix("__"), isOutputType(field.type.namedType), passes(field.arguments) else { return false }
            }
            return implementsItsInterfaces(type)
        case .union:
            return !type.members.isEmpty
                && Set(type.members).count == type.members.count
                && type.members.allSatisfy { types[$0]?.kind == .object }
        case .enumeration:
            let names = type.enumValues.map(\.name)
            return !names.isEmpty
                && Set(names).count == names.count
                && !names.contains { ["true", "false", "null"].contains($0) || $0.hasPrefix("__") }
        case .inputObject:
            guard !type.inputFields.isEmpty, passes(type.inputFields) else { return false }
            // A `@oneOf` input's fields are each optional and without a default.
            return !type.isOneOf || type.inputFields.allSatisfy { !$0.type.isNonNull && !$0.hasDefault }
        }
    }

    /// Arguments or input fields: each named once, not with a reserved name, of an input type.
    private func passes(_ inputs: [InputField]) -> Bool {
        var names = Set<String>()
        for input in inputs {
            guard names.insert(input.name).inserted, !input.name.hasPrefix("__"), isInputType(input.type.namedType) else { return false }
        }
        return true
    }

    /// Each interface named once, an interface, not the type itself, with every field it
    /// declares present on the type with a compatible type and the same arguments, and with
    /// the interfaces it implements named too.
    private func implementsItsInterfaces(_ type: NamedType) -> Bool {
        guard Set(type.interfaces).count == type.interfaces.count else { return false }
        for interfaceName in type.interfaces {
            guard interfaceName != type.name, let interface = types[interfaceName], interface.kind == .interface else { return false }
            guard interface.interfaces.allSatisfy({ $0 != type.name && type.interfaces.contains($0) }) else { return false }
            for required in interface.fields.values {
                guard let field = type.fields[required.name], isSubtype(field.type, of: required.type) else { return false }
                for argument in required.arguments {
                    guard field.arguments.contains(where: { $0.name == argument.name && $0.type == argument.type }) else { return false }
                }
                for argument in field.arguments where !required.arguments.contains(where: { $0.name == argument.name }) {
                    guard !argument.type.isNonNull || argument.hasDefault else { return false }
                }
            }
        }
        return true
    }

    /// Whether a field of type `type` may stand for an interface's field of type `expected`.
    private func isSubtype(_ type: TypeRef, of expected: TypeRef) -> Bool {
        type.isSubtype(of: expected) { name, expectedName in name == expectedName || isPossible(name, of: expectedName) }
    }

    /// Whether an object or interface type is one of an abstract type's.
    private func isPossible(_ name: String, of abstract: String) -> Bool {
        guard let abstractKind = types[abstract]?.kind, abstractKind == .interface || abstractKind == .union else { return false }
        switch types[name]?.kind {
        case .object: return possibleTypes(abstract).contains(name)
        case .interface: return abstractKind == .interface && (types[name]?.interfaces.contains(abstract) ?? false)
        default: return false
        }
    }

    private func isOutputType(_ name: String) -> Bool {
        if Self.builtInScalars.contains(name) { return true }
        guard let kind = types[name]?.kind else { return false }
        return kind != .inputObject
    }

    /// Whether `name` is a type a value can be given in: a scalar, an enum or an input object.
    func isInputType(_ name: String) -> Bool {
        if Self.builtInScalars.contains(name) { return true }
        switch types[name]?.kind {
        case .scalar, .enumeration, .inputObject: return true
        default: return false
        }
    }

    /// Whether an input object holds itself through fields that are non-null and not lists:
    /// no value of it could be written.
    private func hasRequiredInputCycle() -> Bool {
        var edges: [String: [String]] = [:]
        for type in types.values where type.kind == .inputObject {
            edges[type.name] = type.inputFields.compactMap { field in
                guard case .nonNull(.named(let inner)) = field.type, types[inner]?.kind == .inputObject else { return nil }
                return inner
            }
        }
        return Graph.hasCycle(edges)
    }
}
