import GraphQL

/// A schema loaded for code generation: indexed for the generator and built by GraphQLSwift
/// for validating operations.
///
/// Load it once and generate many times; loading is the largest part of a run on a big schema.
public struct CodegenSchema: Sendable {
    /// The file the schema came from, as named on input; diagnostics name it.
    public let fileName: String
    let graphQLSchema: GraphQLSchema
    let index: SchemaIndex

    /// Loads a schema from SDL text.
    ///
    /// The client directives (`@connection`, `@appendEdge`, …) are declared when the schema
    /// does not declare them, so that operations using them validate.
    /// - Throws: ``CodegenError`` with the schema's syntax or type errors.
    public init(sdl: String, fileName: String) throws(CodegenError) {
        self.fileName = fileName
        let document: Document
        do {
            document = try parse(source: Source(body: sdl, name: fileName))
        } catch let error as GraphQLError {
            throw CodegenError([error.diagnostic(fallbackFile: fileName)])
        } catch {
            throw CodegenError(file: fileName, message: "\(error)")
        }
        let (index, diagnostics) = SchemaIndex.build(from: document, fileName: fileName)
        guard diagnostics.isEmpty else { throw CodegenError(diagnostics) }

        var definitions = document.definitions
        var completeIndex = index
        for (name, declaration) in ClientDirectives.declarations where !index.directiveNames.contains(name) {
            do {
                let parsed = try parse(source: Source(body: declaration, name: "client directives"))
                definitions += parsed.definitions
                completeIndex.directiveNames.insert(name)
            } catch {
                throw CodegenError(file: fileName, message: "could not declare @\(name): \(error)")
            }
        }
        let schemaDocument = document.set(value: .array(definitions), key: "definitions")

        do {
            graphQLSchema = try buildASTSchema(documentAST: schemaDocument, assumeValidSDL: true)
        } catch let error as GraphQLError {
            throw CodegenError([error.diagnostic(fallbackFile: fileName)])
        } catch {
            throw CodegenError(file: fileName, message: "\(error)")
        }
        let schemaErrors = validateSchema(schema: graphQLSchema)
        guard schemaErrors.isEmpty else {
            throw CodegenError(schemaErrors.map { $0.diagnostic(fallbackFile: fileName) })
        }
        self.index = completeIndex
    }

    /// Loads a schema from an introspection result: `{"data":{"__schema":…}}` or `{"__schema":…}`.
    /// - Throws: ``CodegenError`` when the JSON is not an introspection result.
    public init(introspectionJSON bytes: [UInt8], fileName: String) throws(CodegenError) {
        let sdl = try IntrospectionSchema(json: bytes, fileName: fileName).sdl()
        try self.init(sdl: sdl, fileName: fileName)
    }
}
