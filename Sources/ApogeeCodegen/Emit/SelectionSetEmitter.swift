/// Writes the struct of a ``Shape``: metadata, stored properties, memberwise initializer,
/// decoding, encoding, then its nested structs.
struct SelectionSetEmitter {
    let schema: SchemaIndex
    let types: SwiftTypes

    /// The nested structs that code inside a struct finds by name, declared by it or by a
    /// struct around it, nearest first: what a nested struct may leave undeclared when it would
    /// be the same.
    struct VisibleStructs {
        fileprivate var shapes: [String: Shape] = [:]
        fileprivate var fragments: [Shape.FragmentUse]?

        /// Whether `shape`'s struct is already visible under its name, written the same.
        func holds(_ shape: Shape) -> Bool {
            shapes[shape.swiftName]?.hasSameStruct(as: shape) == true
        }
    }

    /// Writes the struct of a root (an operation's `Data`, a fragment) and its nested structs.
    /// `statics` are extra `static let` lines written before `__selections`.
    func emit(_ shape: Shape, conformance: String, statics: [String], docComment: String?, into writer: inout SwiftWriter) {
        planDeclarations(shape, visible: VisibleStructs())
        writeStruct(shape, conformance: conformance, statics: statics, docComment: docComment, into: &writer)
    }

    /// Decides which nested structs each struct declares: a type case's nested object that
    /// comes out as its parent's is not written again, since Swift finds the parent's by looking
    /// outward (see ``Shape/hasSameStruct(as:)``).
    private func planDeclarations(_ shape: Shape, visible: VisibleStructs) {
        var inside = visible
        shape.declaredStructNames = []
        var declared: [Shape] = []
        for nested in shape.fields.compactMap(\.nested) where !visible.holds(nested) {
            shape.declaredStructNames.insert(nested.swiftName)
            inside.shapes[nested.swiftName] = nested
            declared.append(nested)
        }
        shape.declaresFragments = !shape.fragments.isEmpty && visible.fragments != shape.fragments
        if shape.declaresFragments { inside.fragments = shape.fragments }
        for typeCase in shape.typeCases { inside.shapes[typeCase.shape.swiftName] = typeCase.shape }
        for deferred in shape.deferredFragments { inside.shapes[deferred.shape.swiftName] = deferred.shape }
        for nested in declared { planDeclarations(nested, visible: inside) }
        for typeCase in shape.typeCases { planDeclarations(typeCase.shape, visible: inside) }
        for deferred in shape.deferredFragments { planDeclarations(deferred.shape, visible: inside) }
    }

    /// Writes a struct whose declarations are planned, and the nested structs it declares.
    /// `selectionsOf` names the struct whose selections a type case's are: the same selections
    /// seen from a narrower type, which nothing reads through the type case.
    func writeStruct(
        _ shape: Shape, conformance: String, statics: [String], docComment: String?, selectionsOf: String? = nil, into writer: inout SwiftWriter
    ) {
        if let docComment { writer.documentation(docComment) }
        writer.block(TypeDeclaration.header("struct", shape.swiftName, conformances: conformance)) { writer in
            writeStatics(shape, statics: statics, selectionsOf: selectionsOf, into: &writer)
            writer.line()
            writeProperties(shape, into: &writer)
            writer.line()
            writeMemberwiseInit(shape, into: &writer)
            writer.line()
            writeDecodingInit(shape, into: &writer)
            writer.line()
            writeFields(shape, into: &writer)
            writer.line()
            writeResponseKeys(
                fields: shape.fields.map { ($0.propertyName, $0.responseKey) },
                sameObject: shape.deferredFragments.map(\.propertyName) + shape.typeCases.map(\.propertyName)
                    + (shape.fragments.isEmpty ? [] : ["fragments"]),
                into: &writer)
            for nested in shape.fields.compactMap(\.nested) where shape.declaredStructNames.contains(nested.swiftName) {
                writer.line()
                writeStruct(nested, conformance: "SelectionSet", statics: [], docComment: nil, into: &writer)
            }
            for typeCase in shape.typeCases {
                writer.line()
                writeStruct(
                    typeCase.shape, conformance: "SelectionSet", statics: [typeConditionStatic(typeCase.typeName)], docComment: nil,
                    selectionsOf: Self.findsByName(shape, from: typeCase.shape) ? shape.swiftName : nil, into: &writer)
            }
            for deferred in shape.deferredFragments {
                writer.line()
                emitDeferred(deferred, into: &writer)
            }
            if shape.declaresFragments {
                writer.line()
                writeFragments(shape, into: &writer)
            }
        }
    }

    private func writeStatics(_ shape: Shape, statics: [String], selectionsOf: String?, into writer: inout SwiftWriter) {
        if !statics.contains(where: { $0.hasPrefix("public static let __parentType") }) {
            writer.line("public static let __parentType = \(SwiftLiteral.string(shape.parentType))")
        }
        for line in statics { writer.line(line) }
        if let selectionsOf {
            writer.line("public static var __selections: [Selection] { \(selectionsOf).__selections }")
            return
        }
        let lines = selectionLines(shape.entries, in: shape, prefix: "")
        if lines.isEmpty {
            writer.line("public static let __selections: [Selection] = []")
        } else {
            writer.line("public static let __selections: [Selection] = [")
            writer.indented { writer in lines.forEach { writer.line($0) } }
            writer.line("]")
        }
    }

    private func propertyType(_ field: Shape.Field, in shape: Shape) -> String {
        if field.isClientID { return "String?" }
        let semanticType = field.semanticType ?? field.type
        let nested = field.nested?.swiftName
        switch fieldErrorPlan(field, in: shape) {
        case .result: return "FieldResult<\(types.output(semanticType, nested: nested))>"
        case .catchToNull: return types.output(semanticType.nullable, nested: nested)
        case .plain, .throwOnNull: break
        }
        let type = types.output(semanticType, nested: nested)
        return field.isConditional && !type.hasSuffix("?") ? type + "?" : type
    }

    private func writeProperties(_ shape: Shape, into writer: inout SwiftWriter) {
        for field in shape.fields {
            if let summary = field.summary { writer.line("/// " + summary) }
            writer.line("public var \(field.propertyName): \(propertyType(field, in: shape))")
        }
        for deferred in shape.deferredFragments {
            writer.line("public var \(deferred.propertyName): \(propertyType(deferred))")
        }
        for typeCase in shape.typeCases {
            writer.line("public var \(typeCase.propertyName): \(typeCase.shape.swiftName)?")
        }
        if !shape.fragments.isEmpty {
            writer.line("public var fragments: Fragments")
        }
    }

    private func writeMemberwiseInit(_ shape: Shape, into writer: inout SwiftWriter) {
        var parameters: [String] = []
        var assignments: [String] = []
        for field in shape.fields {
            let name = SwiftNames.parameter(field.propertyName)
            var parameter = "\(name.declaration): \(propertyType(field, in: shape))"
            if field.isTypename, !field.isConditional, shape.isConcrete {
                parameter += " = \(SwiftLiteral.string(shape.parentType))"
            } else if field.isClientID {
                // The store fills in the record key; built data need not name one.
                parameter += " = nil"
            }
            parameters.append(parameter)
            assignments.append("self.\(field.propertyName) = \(name.value)")
        }
        for deferred in shape.deferredFragments {
            parameters.append(memberwiseParameter(deferred))
            assignments.append("self.\(deferred.propertyName) = \(SwiftNames.parameter(deferred.propertyName).value)")
        }
        for typeCase in shape.typeCases {
            parameters.append("\(typeCase.propertyName): \(typeCase.shape.swiftName)? = nil")
            assignments.append("self.\(typeCase.propertyName) = \(typeCase.propertyName)")
        }
        if !shape.fragments.isEmpty {
            parameters.append("fragments: Fragments")
            assignments.append("self.fragments = fragments")
        }
        if parameters.isEmpty {
            writer.line("public init() {}")
            return
        }
        writer.block("public init(\(parameters.joined(separator: ", ")))") { writer in
            assignments.forEach { writer.line($0) }
        }
    }

    private func writeDecodingInit(_ shape: Shape, into writer: inout SwiftWriter) {
        let hasTypename = shape.fields.contains { $0.isTypename && !$0.isConditional }
        let typename = hasTypename ? "__typename" : "object.typename ?? \"\""
        let usesObject = !shape.fields.isEmpty || !shape.typeCases.isEmpty || !shape.fragments.isEmpty || !shape.deferredFragments.isEmpty
        writer.block("public init(from \(usesObject ? "object" : "_"): ResponseObject) throws") { writer in
            for field in shape.fields {
                writer.line("self.\(field.propertyName) = try object.\(decodeCall(field, in: shape))")
            }
            for deferred in shape.deferredFragments {
                writer.line(decodingLine(deferred, typename: typename))
            }
            for typeCase in shape.typeCases {
                let name = typeCase.shape.swiftName
                writer.line("self.\(typeCase.propertyName) = \(name).__typeCondition.matches(\(typename)) ? try \(name)(from: object) : nil")
            }
            if !shape.fragments.isEmpty {
                writer.line("self.fragments = try Fragments(from: object)")
            }
        }
    }

    /// How a field is read from a response object. A server response never carries a local
    /// field, so a local field that is absent reads as its default, or as `nil` without one.
    private func decodeCall(_ field: Shape.Field, in shape: Shape) -> String {
        let key = SwiftLiteral.string(field.responseKey)
        switch fieldErrorPlan(field, in: shape) {
        case .catchToNull: return "decodeCatchingFieldErrors(\(key))"
        case .throwOnNull: return "decodeThrowingFieldErrors(\(key))"
        case .plain, .result: break
        }
        if field.isConditional || field.isClientID || (field.isLocal && field.clientDefault == nil) {
            return "decodeIfPresent(\(key))"
        }
        if field.isLocal, let clientDefault = field.clientDefault {
            return "decode(\(key), default: \(SwiftLiteral.json(clientDefault)))"
        }
        return "decode(\(key))"
    }

    private func writeFields(_ shape: Shape, into writer: inout SwiftWriter) {
        let pairs = shape.fields.map { field in
            let optional = field.isConditional || field.isClientID
            return "\(SwiftLiteral.string(field.responseKey)): \(SwiftNames.access(field.propertyName))\(optional ? "?" : "").responseValue"
        }
        let merges = shape.deferredFragments.map(fieldsMerge)
            + shape.typeCases.map { "if let \($0.propertyName) { fields.mergeDeeply(\($0.propertyName).__fields) }" }
            + shape.fragments.map(fieldsMerge)
        writer.block("public var __fields: JSONObject") { writer in
            let object: [String]
            switch pairs.count {
            case 0: object = ["[:]"]
            case 1: object = ["JSONObject(responseFields: [\(pairs[0])])"]
            default: object = ["JSONObject(responseFields: ["] + pairs.map { SwiftWriter.indentation + "\($0)," } + ["])"]
            }
            if merges.isEmpty {
                object.forEach { writer.line($0) }
                return
            }
            // `[:]` alone (a set of fragment spreads and nothing else) has no type to infer.
            writer.line((pairs.isEmpty ? "var fields: JSONObject = " : "var fields = ") + object[0])
            object.dropFirst().forEach { writer.line($0) }
            merges.forEach { writer.line($0) }
            writer.line("return fields")
        }
    }

    /// `__responseKey(for:)`: the response key each property holds, for `FieldPath`; `""`
    /// for the properties that hold more of the same object.
    func writeResponseKeys(fields: [(property: String, responseKey: String)], sameObject: [String], into writer: inout SwiftWriter) {
        // Key path literals given `AnyKeyPath` as their type cost the type checker little;
        // comparing each with `==` made it pick among the operator's overloads for every field.
        let entries = fields.map { "\\Self.\($0.property): \(SwiftLiteral.string($0.responseKey))" } + sameObject.map { "\\Self.\($0): \"\"" }
        writer.block("public static func __responseKey(for field: AnyKeyPath) -> String?") { writer in
            if entries.isEmpty {
                writer.line("nil")
            } else {
                writer.line("let keys: [AnyKeyPath: String] = [" + entries.joined(separator: ", ") + "]")
                writer.line("return keys[field]")
            }
        }
    }

    /// Whether code in `typeCase` finds `parent` by its name alone: neither declares a type of
    /// that name.
    static func findsByName(_ parent: Shape, from typeCase: Shape) -> Bool {
        !parent.declaredTypeNames.contains(parent.swiftName) && !typeCase.declaredTypeNames.contains(parent.swiftName)
    }
}
