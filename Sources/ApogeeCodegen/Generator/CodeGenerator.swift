/// Generates typed Swift for operations against a schema.
///
/// ```swift
/// let schema = try CodegenSchema(contentsOfFile: "schema.graphqls")
/// let generator = CodeGenerator(schema: schema)
/// let files = try generator.generate(files: [OperationFile(path: "BookTrip.graphql", text: text)])
/// ```
///
/// The output is one `<Name>.graphql.swift` per input file, holding its operations and
/// fragments, and ``GeneratedFile/schemaTypesFileName`` with the schema types they reach.
/// The same input always gives the same bytes.
public struct CodeGenerator: Sendable {
    /// The schema operations are generated against.
    public let schema: CodegenSchema
    /// The choices that change the code.
    public let configuration: CodegenConfiguration

    /// Creates a generator.
    public init(schema: CodegenSchema, configuration: CodegenConfiguration = CodegenConfiguration()) {
        self.schema = schema
        self.configuration = configuration
    }

    /// Parses, validates and generates.
    /// - Throws: ``CodegenError`` with every problem found; nothing is generated then.
    public func generate(files: [OperationFile]) throws(CodegenError) -> [GeneratedFile] {
        try generate(ParsedOperations(files: files, schema: schema))
    }

    /// Generates from operations already parsed and validated.
    /// - Throws: ``CodegenError`` for problems validation does not see: conflicting fields,
    ///   output files or type names that collide.
    public func generate(_ operations: ParsedOperations) throws(CodegenError) -> [GeneratedFile] {
        let index = schema.index
        var builder = IRBuilder(schema: index, fragments: operations.fragments, descriptions: operations.descriptions)
        var diagnostics: [Diagnostic] = []

        var irFragments: [String: IRFragment] = [:]
        var perFile: [[(operation: IROperation?, fragment: IRFragment?)]] = []
        for definitions in operations.definitionsByFile {
            var items: [(operation: IROperation?, fragment: IRFragment?)] = []
            for definition in definitions {
                switch definition {
                case .operation(let operation):
                    if let ir = builder.operation(operation) { items.append((ir, nil)) }
                case .fragment(let fragment):
                    let ir = builder.fragment(fragment)
                    irFragments[ir.name] = ir
                    items.append((nil, ir))
                }
            }
            perFile.append(items)
        }
        diagnostics += builder.diagnostics

        var usage = TypeUsage(schema: index)
        for item in perFile.joined() {
            if let operation = item.operation { usage.add(operation) }
            if let fragment = item.fragment { usage.add(fragment) }
        }
        let types = SwiftTypes(schema: index, configuration: configuration)
        let aliases = usage.scalars.filter { types.aliasTarget($0) != nil }

        // Top-level names must be distinct: they share the module.
        var topLevel: [String: String] = [:]
        for name in usage.enums.union(usage.inputObjects).union(aliases) { topLevel[name] = "schema type" }
        for item in perFile.joined() {
            let (name, kind) = item.operation.map { (OperationEmitter.structName($0), "operation") } ?? (SwiftNames.fragmentTypeName(item.fragment!.name), "fragment")
            if let existing = topLevel[name] {
                diagnostics.append(Diagnostic(
                    file: schema.fileName, line: 0, column: 0,
                    message: "The generated \(kind) type \"\(name)\" has the same name as a \(existing); rename the \(kind)."))
            }
            topLevel[name] = kind
        }

        var outputNames: [String: String] = [GeneratedFile.schemaTypesFileName: schema.fileName]
        for file in operations.files {
            let name = GeneratedFile.outputName(forOperationFile: file.path)
            if let other = outputNames[name] {
                diagnostics.append(Diagnostic(
                    file: file.path, line: 0, column: 0, message: "The output file \(name) would also be written for \(other); rename one of the files."))
            }
            outputNames[name] = file.path
        }

        var shapeBuilder = ShapeBuilder(schema: index, reservedTypeNames: SwiftNames.reservedTypeNames.union(topLevel.keys))
        shapeBuilder.fragmentCatches = irFragments.compactMapValues(\.catchTo)
        let shapes = shapeBuilder
        let selectionSets = SelectionSetEmitter(schema: index, types: types)
        var emitter = OperationEmitter(types: types, selectionSets: selectionSets)
        let cacheKeyFields = index.cacheKeyFields()
        if !cacheKeyFields.isEmpty {
            emitter.cachePolicyStatics.append("public static let __cacheKeyFields = \(SchemaTypesEmitter.cachePolicyName).keyFields")
        }
        if !index.redirects.isEmpty {
            emitter.cachePolicyStatics.append("public static let __cacheRedirects = \(SchemaTypesEmitter.cachePolicyName).redirects")
        }
        if !index.declaredMaxAges.isEmpty {
            emitter.cachePolicyStatics.append("public static let __cacheMaxAges = \(SchemaTypesEmitter.cachePolicyName).maxAges")
        }
        // Each file's Swift depends only on its own operations and the fragments, so runs of
        // files are written at once, one per core, and joined in input order.
        let fileEmitter = emitter
        let fragments = irFragments
        let parts = Concurrently.mapParts(Array(zip(operations.files, perFile)), minimumPerPart: Self.filesPerEmissionPart) { run in
            var shapes = shapes
            let files = run.map { file, items in
                Self.emit(items, of: file, shapes: &shapes, emitter: fileEmitter, fragments: fragments)
            }
            return (files: files, diagnostics: shapes.diagnostics)
        }
        var generated = parts.flatMap(\.files)
        diagnostics += parts.flatMap(\.diagnostics)
        guard diagnostics.isEmpty else {
            throw CodegenError(ParsedOperations.sorted(diagnostics, fileOrder: operations.files.map(\.path)))
        }
        generated.append(schemaTypesFile(usage: usage, aliases: aliases, types: types, cacheKeyFields: cacheKeyFields))
        return generated
    }

    /// How many files a part of the emission holds at least: a smaller part costs more in
    /// threads than it saves.
    static let filesPerEmissionPart = 16

    /// The Swift file for one operation file's operations and fragments.
    private static func emit(
        _ items: [(operation: IROperation?, fragment: IRFragment?)],
        of file: OperationFile,
        shapes: inout ShapeBuilder,
        emitter: OperationEmitter,
        fragments: [String: IRFragment]
    ) -> GeneratedFile {
        var writer = SwiftWriter()
        writeHeader(source: file.baseName + (file.path.hasSuffix(".gql") ? ".gql" : ".graphql"), imports: ["ApogeeAPI"], into: &writer)
        let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
        for item in items {
            writer.line()
            if let operation = item.operation {
                let shape = shapes.root(
                    typeName: operation.rootType, selections: operation.selections, swiftName: "Data", fieldErrorDefault: operation.catchTo)
                emitter.emit(operation, shape: shape, fragments: fragments, fileName: fileName, into: &writer)
            } else if let fragment = item.fragment {
                let shape = shapes.root(typeName: fragment.typeCondition, selections: fragment.selections, swiftName: SwiftNames.fragmentTypeName(fragment.name))
                emitter.emit(fragment, shape: shape, fileName: fileName, into: &writer)
            }
        }
        return GeneratedFile(name: GeneratedFile.outputName(forOperationFile: file.path), contents: writer.text)
    }

    private func schemaTypesFile(usage: TypeUsage, aliases: Set<String>, types: SwiftTypes, cacheKeyFields: [String: [String]]) -> GeneratedFile {
        var imports: Set<String> = ["ApogeeAPI"]
        for alias in aliases {
            if let target = types.aliasTarget(alias), let dot = target.firstIndex(of: "."), !target.hasPrefix("Swift.") {
                imports.insert(String(target[..<dot]))
            }
        }
        var writer = SwiftWriter()
        Self.writeHeader(source: schema.fileName.split(separator: "/").last.map(String.init) ?? schema.fileName, imports: imports.sorted(), into: &writer)
        let emitter = SchemaTypesEmitter(schema: schema.index, types: types)
        for alias in aliases.sorted() {
            writer.line()
            emitter.emitAlias(alias, into: &writer)
        }
        for name in usage.enums.sorted() {
            writer.line()
            emitter.emitEnum(name, into: &writer)
        }
        for name in usage.inputObjects.sorted() {
            writer.line()
            emitter.emitInputObject(name, into: &writer)
        }
        if !cacheKeyFields.isEmpty || !schema.index.redirects.isEmpty || !schema.index.declaredMaxAges.isEmpty {
            writer.line()
            emitter.emitCachePolicy(keyFields: cacheKeyFields, redirects: schema.index.redirects, maxAges: schema.index.declaredMaxAges, into: &writer)
        }
        return GeneratedFile(name: GeneratedFile.schemaTypesFileName, contents: writer.text)
    }

    private static func writeHeader(source: String, imports: [String], into writer: inout SwiftWriter) {
        for line in GeneratedFile.header.split(separator: "\n") { writer.line(String(line)) }
        writer.line("// From \(source).")
        writer.line()
        for module in imports { writer.line("import \(module)") }
    }
}
