import ApogeeAPI

/// Writes an operation struct (`BookTripMutation`) and a fragment struct (`LaunchTile`).
struct OperationEmitter {
    let types: SwiftTypes
    let selectionSets: SelectionSetEmitter
    /// Statics that hand the schema's cache policy to the store, on every operation's `Data`
    /// and every fragment; none when the schema declares no policy.
    var cachePolicyStatics: [String] = []

    /// Operation members a variable must not shadow.
    private static let reservedMembers: Set<String> = [
        "variables", "document", "operationName", "operationType", "operationIdentifier", "variablesJSON", "Data", "hashValue",
    ]

    static func structName(_ operation: IROperation) -> String {
        let suffix = SwiftNames.capitalized(operation.kind.rawValue)
        return operation.name.hasSuffix(suffix) ? operation.name : operation.name + suffix
    }

    /// The text sent: the operation, then the fragments it uses.
    static func document(_ operation: IROperation, fragments: [String: IRFragment]) -> [String] {
        [operation.definitionText] + operation.fragmentNames.compactMap { fragments[$0]?.definitionText }
    }

    func emit(_ operation: IROperation, shape: Shape, fragments: [String: IRFragment], fileName: String, into writer: inout SwiftWriter) {
        let name = Self.structName(operation)
        let protocolName = "GraphQL" + SwiftNames.capitalized(operation.kind.rawValue)
        let definitions = Self.document(operation, fragments: fragments)
        let document = definitions.joined(separator: " ")
        let signature = operation.definitionText.prefix { $0 != "{" }.trimmingSuffix()

        if let description = operation.description { writer.documentation(description + "\n") }
        writer.line("/// `\(signature)`, from \(fileName).")
        writer.block(TypeDeclaration.header("struct", name, conformances: protocolName)) { writer in
            writer.line("public static let operationName = \(SwiftLiteral.string(operation.name))")
            writer.line("public static let document = \"\"\"")
            writer.indented { writer in
                for (index, definition) in definitions.enumerated() {
                    let last = index == definitions.count - 1
                    writer.line(SwiftLiteral.multilineContent(definition) + (last ? "" : " \\"))
                }
                writer.line("\"\"\"")
            }
            writer.line("public static let operationIdentifier = \(SwiftLiteral.string(SHA256.hexDigest(of: document)))")
            if !operation.clientOnlyVariables.isEmpty {
                let names = operation.clientOnlyVariables.map(SwiftLiteral.string).joined(separator: ", ")
                writer.line("public static let __clientOnlyVariables: Set<String> = [\(names)]")
            }
            // Only operations that defer or stream say so; the others keep the protocol's `false`.
            if operation.deliversIncrementally {
                writer.line("public static let __deliversIncrementally = true")
            }
            writer.line()
            writeVariables(operation, into: &writer)
            writer.line()
            // Only operations with local fields say so; the others keep the protocol's `false`.
            let localStatics = operation.selections.selectsLocalFields(fragments: fragments) ? ["public static let __selectsLocalFields = true"] : []
            selectionSets.emit(
                shape, conformance: "RootSelectionSet", statics: cachePolicyStatics + localStatics, docComment: "The data the operation selects.",
                into: &writer)
        }
    }

    private func writeVariables(_ operation: IROperation, into writer: inout SwiftWriter) {
        if operation.variables.isEmpty {
            writer.line("public init() {}")
            return
        }
        var taken = Self.reservedMembers
        let declared = operation.variables.map { variable in
            let property = SwiftNames.unique(SwiftNames.identifier(variable.name), avoiding: taken)
            taken.insert(property)
            return (variable, property, types.input(variable.type, hasDefault: variable.hasDefault))
        }
        for (_, property, declaration) in declared {
            writer.line("public var \(property): \(declaration.type)")
        }
        writer.line()
        let parameters = declared.map { _, property, declaration in
            "\(SwiftNames.parameter(property).declaration): \(declaration.type)" + (declaration.defaultValue.map { " = \($0)" } ?? "")
        }
        writer.block("public init(\(parameters.joined(separator: ", ")))") { writer in
            declared.forEach { writer.line("self.\($0.1) = \(SwiftNames.parameter($0.1).value)") }
        }
        writer.line()
        writer.block("public var variables: [InputField]") { writer in
            writeInputFields(declared.map { ($0.0.name, $0.2.conversion(SwiftNames.access($0.1))) }, into: &writer)
        }
    }

    func emit(_ fragment: IRFragment, shape: Shape, fileName: String, into writer: inout SwiftWriter) {
        let statics = [
            "public static let fragmentName = \(SwiftLiteral.string(fragment.name))",
            "public static let __parentType = \(SwiftLiteral.string(fragment.typeCondition))",
            selectionSets.typeConditionStatic(fragment.typeCondition),
            "public static let fragmentDefinition = \(SwiftLiteral.string(fragment.definitionText))",
        ] + cachePolicyStatics
        selectionSets.emit(
            shape, conformance: "Fragment", statics: statics,
            docComment: (fragment.description.map { $0 + "\n\n" } ?? "") + "`fragment \(fragment.name) on \(fragment.typeCondition)`, from \(fileName).",
            into: &writer)
    }
}

/// Writes `InputField.fields([...])` for variables and input object fields.
func writeInputFields(_ pairs: [(name: String, expression: String)], into writer: inout SwiftWriter) {
    if pairs.count == 1 {
        writer.line("InputField.fields([\(SwiftLiteral.string(pairs[0].name)): \(pairs[0].expression)])")
        return
    }
    writer.line("InputField.fields([")
    writer.indented { writer in
        for pair in pairs {
            writer.line("\(SwiftLiteral.string(pair.name)): \(pair.expression),")
        }
    }
    writer.line("])")
}

extension Substring {
    func trimmingSuffix() -> String {
        var text = self
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
