import GraphQL

/// The operation files parsed, checked for duplicate names, and validated against the schema
/// together, so that fragments are shared across files.
public struct ParsedOperations: Sendable {
    /// The files, in input order.
    public let files: [OperationFile]
    /// The operations and fragments of each file, in file order.
    let definitionsByFile: [[ExecutableDefinition]]
    /// Every fragment by name.
    let fragments: [String: FragmentDefinition]
    /// The descriptions written on operations and fragments, taken out before parsing.
    let descriptions: DefinitionDescriptions
    /// Whether Apogee's own check passed the documents, so that GraphQLSwift's validation did
    /// not run.
    package let passedValidityCheck: Bool

    /// An operation or a fragment, with the index of its file.
    enum ExecutableDefinition: Sendable {
        case operation(OperationDefinition)
        case fragment(FragmentDefinition)
    }

    /// Parses and validates the files with all of the specification's validation rules except
    /// "fragments must be used" (a fragment may be used by another run's files).
    /// - Throws: ``CodegenError`` with every syntax and validation error, each in its own file.
    public init(files: [OperationFile], schema: CodegenSchema) throws(CodegenError) {
        self.files = files
        let parsed = Self.parseFiles(files)
        let documents = parsed.documents
        descriptions = parsed.descriptions
        var diagnostics = parsed.diagnostics
        guard diagnostics.isEmpty, !documents.isEmpty else {
            if diagnostics.isEmpty { throw CodegenError(file: schema.fileName, message: "no operation files to generate from") }
            throw CodegenError(diagnostics)
        }

        var definitionsByFile: [[ExecutableDefinition]] = []
        var operationsByName: [String: OperationDefinition] = [:]
        var fragments: [String: FragmentDefinition] = [:]
        for document in documents {
            var definitions: [ExecutableDefinition] = []
            for definition in document.definitions {
                if let operation = definition as? OperationDefinition {
                    definitions.append(.operation(operation))
                    guard let name = operation.name?.value else {
                        diagnostics.append(SourcePosition.diagnostic(
                            at: operation.loc, fallbackFile: "",
                            message: "Apogee needs a name for every operation; this \(operation.operation.rawValue) has none."))
                        continue
                    }
                    if let earlier = operationsByName[name] {
                        diagnostics.append(Self.duplicate("operation", name, at: operation.name?.loc, earlier: earlier.name?.loc))
                    } else {
                        operationsByName[name] = operation
                    }
                } else if let fragment = definition as? FragmentDefinition {
                    definitions.append(.fragment(fragment))
                    let name = fragment.name.value
                    if let earlier = fragments[name] {
                        diagnostics.append(Self.duplicate("fragment", name, at: fragment.name.loc, earlier: earlier.name.loc))
                    } else {
                        fragments[name] = fragment
                    }
                } else {
                    // A schema pasted into an operation file: GraphQLSwift's validation traps on
                    // some type system definitions (a `schema { query: … }` block) before its own
                    // rule against them reports anything.
                    diagnostics.append(SourcePosition.diagnostic(
                        at: definition.loc, fallbackFile: "",
                        message: "An operation file holds operations and fragments only; this is a type system definition (\(definition.kind)), which belongs in the schema or a schema extension."))
                }
            }
            definitionsByFile.append(definitions)
        }

        diagnostics += Self.fragmentChainErrors(fragments)
        // GraphQLSwift's validation traps on two operations or fragments that compare equal
        // (it keys them by identity but compares them by structure) and on some type system
        // definitions: duplicates, anonymous operations, chains too long and definitions that
        // are not executable stop here, before it runs.
        guard diagnostics.isEmpty else {
            throw CodegenError(Self.sorted(diagnostics, fileOrder: files.map(\.path)))
        }

        // Apogee's own check answers for valid documents; GraphQLSwift's validation finds and
        // words the errors of the others.
        passedValidityCheck = ValidityCheck.passes(documents, schema: schema.index, fragments: fragments)
        if !passedValidityCheck {
            diagnostics += Self.validationDiagnostics(
                of: documents, fragments: fragments, schema: try schema.checkedGraphQLSchema(), fallbackFile: files[0].path)
        }
        // GraphQLSwift ships the field-merging rule disabled; Apogee's own runs once the
        // document is otherwise valid (fragment cycles, among others, are then ruled out).
        if diagnostics.isEmpty {
            diagnostics += FieldMergeCheck.diagnostics(in: documents, schema: schema.index, fragments: fragments)
            diagnostics += DeferStreamValidation.diagnostics(in: documents, schema: schema.index, fragments: fragments)
        }
        guard diagnostics.isEmpty else {
            throw CodegenError(Self.sorted(diagnostics, fileOrder: files.map(\.path)))
        }
        self.definitionsByFile = definitionsByFile
        self.fragments = fragments
    }

    /// The files' documents, the syntax errors of those that do not parse, and the
    /// descriptions of their operations and fragments.
    static func parseFiles(_ files: [OperationFile]) -> (documents: [Document], diagnostics: [Diagnostic], descriptions: DefinitionDescriptions) {
        var diagnostics: [Diagnostic] = []
        var documents: [Document] = []
        var descriptions = DefinitionDescriptions()
        for file in files {
            // Checked before parsing: GraphQLSwift recurses once per level.
            let tooDeep = DocumentLimits.check(file.text, file: file.path)
            guard tooDeep.isEmpty else {
                diagnostics += tooDeep
                continue
            }
            do {
                documents.append(try parse(source: Source(body: descriptions.strip(file), name: file.path)))
            } catch let error as GraphQLError {
                diagnostics.append(error.diagnostic(fallbackFile: file.path))
            } catch {
                diagnostics.append(Diagnostic(file: file.path, line: 0, column: 0, message: "\(error)"))
            }
        }
        return (documents, diagnostics, descriptions)
    }

    /// Validator messages that do not apply: unused fragments (shared across runs), the
    /// client-only `__id` field, and duplicate names, which are reported above at the second
    /// definition with the place of the first.
    static func isIgnored(_ message: String) -> Bool {
        (message.hasPrefix("Fragment \"") && message.hasSuffix("\" is never used."))
            || message.hasPrefix("Cannot query field \"__id\" on type ")
            || message.hasPrefix("There can be only one operation named ")
            || message.hasPrefix("There can be only one fragment named ")
    }

    private static func duplicate(_ kind: String, _ name: String, at location: Location?, earlier: Location?) -> Diagnostic {
        var message = "There can be only one \(kind) named \"\(name)\""
        if let earlier {
            let place = SourcePosition.diagnostic(at: earlier, fallbackFile: "", message: "")
            message += "; it is also defined at \(place.file):\(place.line):\(place.column)"
        }
        return SourcePosition.diagnostic(at: location, fallbackFile: "", message: message + ".")
    }

    /// Diagnostics in input file order, then by line and column.
    static func sorted(_ diagnostics: [Diagnostic], fileOrder: [String]) -> [Diagnostic] {
        let rank = Dictionary(fileOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return diagnostics.enumerated().sorted { lhs, rhs in
            let left = (rank[lhs.element.file] ?? Int.max, lhs.element.line, lhs.element.column, lhs.offset)
            let right = (rank[rhs.element.file] ?? Int.max, rhs.element.line, rhs.element.column, rhs.offset)
            return left < right
        }.map(\.element)
    }
}
