extension CodeGenerator {
    /// The name of the one file that test data builders are generated into.
    public static let testDataBuildersFileName = "TestDataBuilders.graphql.swift"

    /// Generates test data builders for the operations and fragments that `apiModule` was
    /// generated from: a builder per object type they reach, an enum per interface and union,
    /// for a test target that imports `apiModule` and ApogeeTesting. The app's own module never
    /// holds them.
    /// - Throws: ``CodegenError`` with every problem found, as ``generate(_:)`` reports them.
    public func generateTestDataBuilders(files: [OperationFile], apiModule: String) throws(CodegenError) -> GeneratedFile {
        try generateTestDataBuilders(ParsedOperations(files: files, schema: schema), apiModule: apiModule)
    }

    /// Generates test data builders from operations already parsed and validated.
    /// - Throws: ``CodegenError`` for problems validation does not see.
    public func generateTestDataBuilders(_ operations: ParsedOperations, apiModule: String) throws(CodegenError) -> GeneratedFile {
        let index = schema.index
        var builder = IRBuilder(schema: index, fragments: operations.fragments, descriptions: operations.descriptions)
        var usage = TestDataUsage(schema: index)
        for definitions in operations.definitionsByFile {
            for definition in definitions {
                switch definition {
                case .operation(let operation):
                    if let ir = builder.operation(operation) { usage.add(ir) }
                case .fragment(let fragment):
                    usage.add(builder.fragment(fragment))
                }
            }
        }
        guard builder.diagnostics.isEmpty else {
            throw CodegenError(ParsedOperations.sorted(builder.diagnostics, fileOrder: operations.files.map(\.path)))
        }
        usage.close()

        let types = SwiftTypes(schema: index, configuration: configuration)
        var imports: Set<String> = ["ApogeeTesting", apiModule]
        for (object, names) in usage.fields {
            for name in names {
                guard let type = index.field(name, on: object)?.type.namedType, types.aliasTarget(type) == nil,
                    let mapped = configuration.scalarTypes[type], let dot = mapped.firstIndex(of: "."), !mapped.hasPrefix("Swift.")
                else { continue }
                imports.insert(String(mapped[..<dot]))
            }
        }
        var writer = SwiftWriter()
        for line in GeneratedFile.header.split(separator: "\n") { writer.line(String(line)) }
        writer.line("// Test data builders for the operations of \(apiModule), from \(schema.fileName.split(separator: "/").last.map(String.init) ?? schema.fileName).")
        writer.line()
        for module in imports.sorted() { writer.line("import \(module)") }
        TestDataBuilderEmitter(schema: index, types: types, usage: usage).emit(into: &writer)
        return GeneratedFile(name: Self.testDataBuildersFileName, contents: writer.text)
    }
}
