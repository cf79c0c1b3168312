import GraphQL

extension SchemaIndex {
    /// Indexes an SDL document and checks what `buildASTSchema(assumeValidSDL:)` would otherwise
    /// miss or report without a place: duplicate type names and references to undefined types.
    /// The last `extensionDefinitions` definitions come from schema extension files: the
    /// fields they add to the server's types are local.
    static func build(from document: Document, fileName: String, extensionDefinitions: Int = 0) -> (SchemaIndex, [Diagnostic]) {
        var index = SchemaIndex()
        var diagnostics: [Diagnostic] = []
        var references: [(String, Location?)] = []

        func define(_ type: NamedType, location: Location?) {
            if index.types[type.name] != nil || builtInScalars.contains(type.name) {
                diagnostics.append(SourcePosition.diagnostic(
                    at: location, fallbackFile: fileName, message: "There can be only one type named \"\(type.name)\"."))
                return
            }
            index.types[type.name] = type
        }

        func fields(_ definitions: [FieldDefinition]) -> [String: Field] {
            var result: [String: Field] = [:]
            for definition in definitions {
                let type = TypeRef(definition.type)
                references.append((type.namedType, definition.type.loc))
                if result[definition.name.value] != nil { index.needsFullCheck = true }
                result[definition.name.value] = Field(
                    name: definition.name.value, type: type, description: definition.description?.value,
                    arguments: inputFields(definition.arguments))
            }
            return result
        }

        func inputFields(_ definitions: [InputValueDefinition]) -> [InputField] {
            definitions.map { definition in
                let type = TypeRef(definition.type)
                references.append((type.namedType, definition.type.loc))
                if type.isNonNull, definition.defaultValue == nil, definition.directives.contains(where: { $0.name.value == "deprecated" }) {
                    index.needsFullCheck = true
                }
                return InputField(
                    name: definition.name.value, type: type, hasDefault: definition.defaultValue != nil,
                    description: definition.description?.value)
            }
        }

        func enumCases(_ definitions: [EnumValueDefinition]) -> [EnumCase] {
            definitions.map { value in
                EnumCase(name: value.name.value, description: value.description?.value, deprecationReason: deprecationReason(value.directives))
            }
        }

        var extensions: [(String, (inout NamedType) -> Void, Location?)] = []
        var typePolicies: [DeclaredTypePolicy] = []
        var fieldPolicies: [DeclaredFieldPolicy] = []
        var maxAges: [DeclaredMaxAge] = []
        var paginations: [DeclaredPagination] = []
        var semanticNonNull: [DeclaredSemanticNonNull] = []
        /// Keeps a type's `@typePolicy`, `@fieldPolicy`, `@cacheControl` and `@paginated`
        /// directives for the checks that run once every extension has been merged.
        func noteCachePolicies(_ name: String, _ directives: [Directive], fields: [FieldDefinition] = []) {
            if let policy = typePolicy(of: name, directives: directives) { typePolicies.append(policy) }
            fieldPolicies += SchemaIndex.fieldPolicies(of: name, directives: directives)
            maxAges += SchemaIndex.maxAges(of: name, directives: directives, fields: fields)
            paginations += DeclaredPagination.all(of: name, directives: directives)
            semanticNonNull += DeclaredSemanticNonNull.all(of: name, directives: directives, fields: fields)
        }
        func noteSchemaDirectives(_ directives: [Directive]) {
            guard let found = FieldErrorHandling.argument(of: FieldErrorDirectives.catchByDefault, in: directives) else { return }
            guard let handling = found.handling else {
                diagnostics.append(SourcePosition.diagnostic(
                    at: found.directive.loc, fallbackFile: fileName, message: "@catchByDefault needs to: RESULT, NULL or THROW."))
                return
            }
            index.catchByDefault = handling
        }

        for definition in document.definitions {
            switch definition {
            case let schema as SchemaDefinition:
                noteSchemaDirectives(schema.directives)
                for operationType in schema.operationTypes {
                    index.setRoot(operationType.operation, operationType.type.name.value)
                }
            case let schema as SchemaExtensionDefinition:
                noteSchemaDirectives(schema.definition.directives)
                for operationType in schema.definition.operationTypes {
                    index.setRoot(operationType.operation, operationType.type.name.value)
                }
            case let scalar as ScalarTypeDefinition:
                // GraphQLSwift's build reads `@specifiedBy(url:)` and refuses a URL that is
                // not a string; Apogee's check leaves scalars that give one to it.
                if scalar.directives.contains(where: { $0.name.value == "specifiedBy" }) { index.needsFullCheck = true }
                noteCachePolicies(scalar.name.value, scalar.directives)
                define(NamedType(name: scalar.name.value, kind: .scalar, description: scalar.description?.value), location: scalar.name.loc)
            case let object as ObjectTypeDefinition:
                var type = NamedType(name: object.name.value, kind: .object, description: object.description?.value)
                type.fields = fields(object.fields)
                type.interfaces = object.interfaces.map(\.name.value)
                references += object.interfaces.map { ($0.name.value, $0.loc) }
                noteCachePolicies(object.name.value, object.directives, fields: object.fields)
                define(type, location: object.name.loc)
            case let interface as InterfaceTypeDefinition:
                var type = NamedType(name: interface.name.value, kind: .interface, description: interface.description?.value)
                type.fields = fields(interface.fields)
                type.interfaces = interface.interfaces.map(\.name.value)
                noteCachePolicies(interface.name.value, interface.directives, fields: interface.fields)
                define(type, location: interface.name.loc)
            case let union as UnionTypeDefinition:
                var type = NamedType(name: union.name.value, kind: .union, description: union.description?.value)
                type.members = union.types.map(\.name.value)
                noteCachePolicies(union.name.value, union.directives)
                references += union.types.map { ($0.name.value, $0.loc) }
                define(type, location: union.name.loc)
            case let enumeration as EnumTypeDefinition:
                var type = NamedType(name: enumeration.name.value, kind: .enumeration, description: enumeration.description?.value)
                type.enumValues = enumCases(enumeration.values)
                noteCachePolicies(enumeration.name.value, enumeration.directives)
                define(type, location: enumeration.name.loc)
            case let input as InputObjectTypeDefinition:
                var type = NamedType(name: input.name.value, kind: .inputObject, description: input.description?.value)
                type.inputFields = inputFields(input.fields)
                type.isOneOf = input.directives.contains { $0.name.value == "oneOf" }
                noteCachePolicies(input.name.value, input.directives)
                define(type, location: input.name.loc)
            case let directive as DirectiveDefinition:
                index.directiveNames.insert(directive.name.value)
                for argument in directive.arguments {
                    references.append((TypeRef(argument.type).namedType, argument.type.loc))
                }
                if index.directives[directive.name.value] != nil { index.needsFullCheck = true }
                index.directives[directive.name.value] = declaration(directive)
            case let object as TypeExtensionDefinition:
                noteCachePolicies(object.definition.name.value, object.definition.directives, fields: object.definition.fields)
                let added = fields(object.definition.fields)
                let interfaces = object.definition.interfaces.map(\.name.value)
                extensions.append((object.definition.name.value, { type in
                    if !type.fields.keys.allSatisfy({ added[$0] == nil }) { index.needsFullCheck = true }
                    type.fields.merge(added) { old, _ in old }
                    type.interfaces += interfaces
                }, object.definition.name.loc))
            case let interface as InterfaceExtensionDefinition:
                noteCachePolicies(interface.definition.name.value, interface.definition.directives, fields: interface.definition.fields)
                let added = fields(interface.definition.fields)
                extensions.append((interface.definition.name.value, { type in
                    if !type.fields.keys.allSatisfy({ added[$0] == nil }) { index.needsFullCheck = true }
                    type.fields.merge(added) { old, _ in old }
                }, interface.definition.name.loc))
            case let union as UnionExtensionDefinition:
                noteCachePolicies(union.definition.name.value, union.definition.directives)
                let members = union.definition.types.map(\.name.value)
                extensions.append((union.definition.name.value, { $0.members += members }, union.definition.name.loc))
            case let enumeration as EnumExtensionDefinition:
                noteCachePolicies(enumeration.definition.name.value, enumeration.definition.directives)
                let values = enumCases(enumeration.definition.values)
                extensions.append((enumeration.definition.name.value, { $0.enumValues += values }, enumeration.definition.name.loc))
            case let input as InputObjectExtensionDefinition:
                noteCachePolicies(input.definition.name.value, input.definition.directives)
                let added = inputFields(input.definition.fields)
                let isOneOf = input.definition.directives.contains { $0.name.value == "oneOf" }
                extensions.append((input.definition.name.value, { type in
                    type.inputFields += added
                    type.isOneOf = type.isOneOf || isOneOf
                }, input.definition.name.loc))
            default:
                // A definition the index does not keep (a scalar's extension, say): only
                // GraphQLSwift's check can say whether it is valid.
                index.needsFullCheck = true
            }
        }

        for (name, apply, location) in extensions {
            if var type = index.types[name] {
                apply(&type)
                index.types[name] = type
            } else {
                diagnostics.append(SourcePosition.diagnostic(
                    at: location, fallbackFile: fileName, message: "Cannot extend type \"\(name)\" because it is not defined."))
            }
        }

        diagnostics += index.applyTypePolicies(typePolicies, fileName: fileName)
        diagnostics += index.applyFieldPolicies(fieldPolicies, fileName: fileName)
        diagnostics += index.applyMaxAges(maxAges, fileName: fileName)
        diagnostics += index.applyPaginations(paginations, fileName: fileName)
        diagnostics += index.applySemanticNonNull(semanticNonNull, fileName: fileName)
        let fields = LocalFields.declarations(in: document.definitions, firstExtension: document.definitions.count - extensionDefinitions)
        diagnostics += index.applyLocalFields(fields.local, defaulted: fields.defaulted, fileName: fileName)

        for (name, location) in references where index.types[name] == nil && !builtInScalars.contains(name) {
            diagnostics.append(SourcePosition.diagnostic(at: location, fallbackFile: fileName, message: "Unknown type \"\(name)\"."))
        }

        if index.queryType == nil, index.types["Query"] != nil { index.queryType = "Query" }
        if index.mutationType == nil, index.types["Mutation"] != nil { index.mutationType = "Mutation" }
        if index.subscriptionType == nil, index.types["Subscription"] != nil { index.subscriptionType = "Subscription" }
        if index.queryType == nil {
            diagnostics.append(Diagnostic(file: fileName, line: 0, column: 0, message: "The schema has no query type."))
        }
        index.computePossibleTypes()
        index.addBuiltInDirectives()
        return (index, diagnostics)
    }

    private mutating func setRoot(_ operation: GraphQL.OperationType, _ name: String) {
        switch operation {
        case .query: queryType = name
        case .mutation: mutationType = name
        case .subscription: subscriptionType = name
        }
    }

    private mutating func computePossibleTypes() {
        var result: [String: Set<String>] = [:]
        for type in types.values {
            switch type.kind {
            case .object:
                result[type.name, default: []].insert(type.name)
                for interface in type.interfaces {
                    result[interface, default: []].insert(type.name)
                }
            case .union:
                result[type.name, default: []].formUnion(type.members)
            case .interface:
                result[type.name, default: []] = result[type.name, default: []]
            default:
                break
            }
        }
        possibleTypesByName = result
    }

    private static func deprecationReason(_ directives: [Directive]) -> String? {
        guard let deprecated = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        if let reason = deprecated.arguments.first(where: { $0.name.value == "reason" })?.value as? StringValue {
            return reason.value
        }
        return "No longer supported"
    }
}
