import GraphQL

extension ParsedOperations {
    /// How many operations a part of the validation holds at least: a smaller part costs
    /// more in threads than it saves.
    static let operationsPerValidationPart = 16

    /// The errors of GraphQLSwift's validation of `documents` together, found in parts that
    /// run at once on the machine's cores, each error once and in the file it belongs to.
    ///
    /// Validation was nine tenths of parsing and validating a hundred operations, all of it on
    /// one thread. Each part holds a run of the operations and every fragment they spread, at
    /// any depth, so that each part is a whole document; the fragments no operation spreads go
    /// with the first part. Each rule that applies here looks at one operation with the
    /// fragments it reaches, or at one fragment, so the parts find the errors the whole
    /// document would. A fragment in two parts reports its errors in both; they are kept once.
    static func validationDiagnostics(
        of documents: [Document],
        fragments: [String: FragmentDefinition],
        schema: GraphQLSchema,
        fallbackFile: String
    ) -> [Diagnostic] {
        guard let first = documents.first else { return [] }
        let definitions = documents.flatMap(\.definitions)
        let operations = definitions.compactMap { $0 as? OperationDefinition }
        // Contiguous runs, so that a part holds whole files.
        let runs = Concurrently.runs(of: operations, minimumPerPart: operationsPerValidationPart)
        var parts: [[Definition]]
        if runs.count == 1 {
            parts = [definitions]
        } else {
            let spreads = fragments.mapValues { spreadNames(in: $0.selectionSet) }
            parts = []
            var reached = Set<String>()
            for run in runs {
                let used = fragmentClosure(of: run.flatMap { spreadNames(in: $0.selectionSet) }, spreads: spreads)
                reached.formUnion(used)
                parts.append(Array(run) + used.sorted().compactMap { fragments[$0] })
            }
            let unreached = fragments.keys.filter { !reached.contains($0) }
            parts[0] += fragmentClosure(of: unreached, spreads: spreads).subtracting(reached).sorted().compactMap { fragments[$0] }
        }

        let errors = Concurrently.run(parts.map { definitions in
            let document = first.set(value: .array(definitions), key: "definitions")
            return { validate(schema: schema, ast: document, rules: specifiedRules) }
        })
        let directiveArguments = directiveArgumentPlaces(in: documents, unlessNamed: Set(schema.directives.map(\.name)))
        var seen = Set<Diagnostic>()
        return errors.joined()
            .filter { !isIgnored($0.message) && !isFieldArgumentError($0, onA: directiveArguments) }
            .map { $0.diagnostic(fallbackFile: fallbackFile) }
            .filter { seen.insert($0).inserted }
    }

    /// The fragments `names` name and every fragment they spread, at any depth.
    private static func fragmentClosure(of names: some Sequence<String>, spreads: [String: [String]]) -> Set<String> {
        var closure = Set<String>()
        var pending = Array(names)
        while let name = pending.popLast() {
            guard closure.insert(name).inserted else { continue }
            pending += spreads[name] ?? []
        }
        return closure
    }
}

extension ParsedOperations {
    /// GraphQLSwift's validation errors for files that ``init(files:schema:)`` accepted,
    /// found whatever Apogee's own check said; the tests hold the check to them.
    /// - Throws: ``CodegenError`` for a file that does not parse, or a schema GraphQLSwift refuses.
    package static func graphQLSwiftDiagnostics(of files: [OperationFile], schema: CodegenSchema) throws(CodegenError) -> [Diagnostic] {
        let (documents, syntaxErrors, _) = parseFiles(files)
        guard syntaxErrors.isEmpty else { throw CodegenError(syntaxErrors) }
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in documents.flatMap(\.definitions) {
            fragments[fragment.name.value] = fragment
        }
        return validationDiagnostics(
            of: documents, fragments: fragments, schema: try schema.checkedGraphQLSchema(), fallbackFile: files.first?.path ?? "")
    }
}
