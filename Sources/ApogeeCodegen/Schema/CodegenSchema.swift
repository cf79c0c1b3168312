import GraphQL

/// A schema loaded for code generation: indexed for the generator and checked against the
/// specification's type system rules; GraphQLSwift builds it only to word errors.
///
/// Load it once and generate many times; loading is the largest part of a run on a big schema.
public struct CodegenSchema: Sendable {
    /// The file the schema came from, as named on input; diagnostics name it.
    public let fileName: String
    let index: SchemaIndex
    /// GraphQLSwift's schema, checked by its `validateSchema`: built while loading when
    /// Apogee's own check of the schema has doubts, and otherwise only if an operation's
    /// errors need wording (see ``ValidityCheck``).
    private let graphQLSchemaBuild: OnDemand<Result<GraphQLSchema, CodegenError>>
    /// Whether Apogee's own check passed the schema, so that GraphQLSwift's was not needed.
    package let passedTypeSystemCheck: Bool

    /// Loads a schema from SDL text, with the schema extension files that go with it.
    ///
    /// An extension file adds to the server's schema what only the client knows: cache
    /// policy (`extend type Book @typePolicy(keyFields: "isbn")`), local-only fields
    /// (`extend type Book { isFavorite: Boolean! @clientDefault(value: false) }`, never sent
    /// to the server) and the declarations of directives. Its definitions are merged with the schema's, and errors in it name it.
    /// The client directives (`@connection`, `@appendEdge`, …), the cache directives
    /// (`@typePolicy`, `@fieldPolicy`, `@paginated`, `@clientDefault`) and the incremental delivery
    /// directives (`@defer`, `@stream`) are declared when the schema does not declare them.
    /// - Throws: ``CodegenError`` with the syntax or type errors of the schema or an extension.
    public init(sdl: String, fileName: String, extensions: [SchemaSource] = []) throws(CodegenError) {
        self.fileName = fileName
        let document = try Self.parseDocument(sdl, fileName: fileName)
        let declared = Set(document.definitions.compactMap { ($0 as? DirectiveDefinition)?.name.value })
        var extensionDefinitions: [Definition] = []
        var extensionDiagnostics: [Diagnostic] = []
        for source in extensions {
            let parsed = try Self.parseDocument(source.text, fileName: source.fileName)
            extensionDefinitions += parsed.definitions
        }
        // The directives the index will list, known before it is built.
        let directiveNames = declared.union(extensionDefinitions.compactMap { ($0 as? DirectiveDefinition)?.name.value })
        let known = directiveNames
            .union(CacheDirectives.declarations.map(\.name))
            .union(ClientDirectives.names)
            .union(IncrementalDirectives.declarations.map(\.name))
            .union(FieldErrorDirectives.declarations.map(\.name))
            .union(CacheDirectives.builtIn)
        for definition in extensionDefinitions {
            extensionDiagnostics += Self.unknownDirectives(in: definition, known: known)
        }
        guard extensionDiagnostics.isEmpty else { throw CodegenError(extensionDiagnostics) }
        // Apogee's own declarations, for the directives no file declares, go between the
        // server's definitions and the extensions', so that the index counts the extensions
        // from the end as before and knows the declarations' types (`@clientDefault`'s value).
        var implicitDefinitions: [Definition] = []
        var reservedNameDiagnostics: [Diagnostic] = []
        let definedTypes = Dictionary(
            (document.definitions + extensionDefinitions).compactMap { ($0 as? TypeDefinition).map { ($0.name.value, $0) } },
            uniquingKeysWith: { first, _ in first })
        let implicit = CacheDirectives.declarations + ClientDirectives.declarations + IncrementalDirectives.declarations
            + FieldErrorDirectives.declarations
        for (name, declaration) in implicit where !directiveNames.contains(name) {
            let declared: [Definition]
            do {
                declared = try parse(source: Source(body: declaration, name: "directives Apogee declares")).definitions
            } catch {
                throw CodegenError(file: fileName, message: "could not declare @\(name): \(error)")
            }
            // A declaration's own type (`@clientDefault`'s scalar) may already be in the
            // schema: a scalar of that name serves as well as Apogee's, and any other kind of
            // type is the schema's error, reported where the schema defines it.
            for definition in declared {
                guard let type = definition as? TypeDefinition, let existing = definedTypes[type.name.value] else {
                    implicitDefinitions.append(definition)
                    continue
                }
                // `@catch`'s enum: the schema's own `CatchTo` (Apollo Kotlin's and Relay's have
                // the same values) serves too.
                if existing is EnumTypeDefinition, type is EnumTypeDefinition { continue }
                if !(existing is ScalarTypeDefinition) {
                    reservedNameDiagnostics.append(SourcePosition.diagnostic(
                        at: existing.name.loc, fallbackFile: fileName,
                        message: "\"\(type.name.value)\" is the scalar that @\(name)'s argument takes, and here it is not a scalar: rename the type, or declare @\(name) in a schema file."))
                }
            }
        }
        guard reservedNameDiagnostics.isEmpty else { throw CodegenError(reservedNameDiagnostics) }
        let schemaDocument = document.set(value: .array(document.definitions + implicitDefinitions + extensionDefinitions), key: "definitions")

        let (index, diagnostics) = SchemaIndex.build(from: schemaDocument, fileName: fileName, extensionDefinitions: extensionDefinitions.count)
        guard diagnostics.isEmpty else { throw CodegenError(diagnostics) }
        self.index = index

        // GraphQLSwift's build and check of the schema were most of the load. When Apogee's
        // own check passes the schema, it is built only if an operation needs it; otherwise
        // it is built now, and its errors, worded by GraphQLSwift, are the load's.
        passedTypeSystemCheck = index.passesTypeSystemCheck()
        if passedTypeSystemCheck {
            graphQLSchemaBuild = OnDemand { Self.buildValidSchema(schemaDocument, fileName: fileName) }
        } else {
            let built = Self.buildValidSchema(schemaDocument, fileName: fileName)
            _ = try built.get()
            graphQLSchemaBuild = OnDemand(value: built)
        }
    }

    /// GraphQLSwift's schema, built and found valid by its `validateSchema`, for the
    /// validation that words the errors of operations.
    /// - Throws: ``CodegenError`` with the schema's errors.
    func checkedGraphQLSchema() throws(CodegenError) -> GraphQLSchema {
        try graphQLSchemaBuild.value.get()
    }

    /// GraphQLSwift's schema for the document, checked by its `validateSchema`.
    private static func buildValidSchema(_ document: Document, fileName: String) -> Result<GraphQLSchema, CodegenError> {
        let schema: GraphQLSchema
        do {
            schema = try buildASTSchema(documentAST: document, assumeValidSDL: true)
        } catch let error as GraphQLError {
            return .failure(CodegenError([error.diagnostic(fallbackFile: fileName)]))
        } catch {
            return .failure(CodegenError(file: fileName, message: "\(error)"))
        }
        let schemaErrors = validateSchema(schema: schema)
        guard schemaErrors.isEmpty else {
            return .failure(CodegenError(schemaErrors.map { $0.diagnostic(fallbackFile: fileName) }))
        }
        return .success(schema)
    }

    /// Loads a schema from an introspection result: `{"data":{"__schema":…}}` or `{"__schema":…}`.
    /// - Throws: ``CodegenError`` when the JSON is not an introspection result.
    public init(introspectionJSON bytes: [UInt8], fileName: String, extensions: [SchemaSource] = []) throws(CodegenError) {
        let sdl = try IntrospectionSchema(json: bytes, fileName: fileName).sdl()
        try self.init(sdl: sdl, fileName: fileName, extensions: extensions)
    }

    /// The parsed text of one schema file.
    private static func parseDocument(_ text: String, fileName: String) throws(CodegenError) -> Document {
        // Checked before parsing: GraphQLSwift recurses once per level of a list type or a value.
        let tooDeep = DocumentLimits.checkNesting(text, file: fileName)
        guard tooDeep.isEmpty else { throw CodegenError(tooDeep) }
        do {
            return try parse(source: Source(body: text, name: fileName))
        } catch let error as GraphQLError {
            throw CodegenError([error.diagnostic(fallbackFile: fileName)])
        } catch {
            throw CodegenError(file: fileName, message: "\(error)")
        }
    }

    /// An error for each directive an extension applies to a type or a field without any
    /// file declaring it: a misspelt `@typePolicy` would otherwise be ignored in silence.
    private static func unknownDirectives(in definition: any Definition, known: Set<String>) -> [Diagnostic] {
        var applied: [Directive] = []
        switch definition {
        case let object as TypeExtensionDefinition:
            applied = object.definition.directives + object.definition.fields.flatMap(\.directives)
        case let object as ObjectTypeDefinition:
            applied = object.directives + object.fields.flatMap(\.directives)
        case let interface as InterfaceExtensionDefinition:
            applied = interface.definition.directives + interface.definition.fields.flatMap(\.directives)
        case let interface as InterfaceTypeDefinition:
            applied = interface.directives + interface.fields.flatMap(\.directives)
        case let union as UnionExtensionDefinition:
            applied = union.definition.directives
        case let enumeration as EnumExtensionDefinition:
            applied = enumeration.definition.directives
        case let input as InputObjectExtensionDefinition:
            applied = input.definition.directives
        default:
            break
        }
        return applied.filter { !known.contains($0.name.value) }.map { directive in
            SourcePosition.diagnostic(
                at: directive.loc, fallbackFile: "schema extension",
                message: "Unknown directive \"@\(directive.name.value)\": declare it in a schema file, or check its spelling.")
        }
    }
}

/// The text of a schema file and the name its errors are reported under.
public struct SchemaSource: Sendable, Hashable {
    /// The SDL text.
    public var text: String
    /// The file, as errors name it.
    public var fileName: String

    /// A schema file's text under its name.
    public init(text: String, fileName: String) {
        self.text = text
        self.fileName = fileName
    }
}
