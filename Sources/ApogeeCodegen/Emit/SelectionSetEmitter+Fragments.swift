/// The `Fragments` struct of a selection set that spreads named fragments.
extension SelectionSetEmitter {
    func writeFragments(_ shape: Shape, into writer: inout SwiftWriter) {
        writer.line("/// The named fragments spread in this selection set.")
        writer.block(TypeDeclaration.header("struct", "Fragments", conformances: "Hashable, Sendable, ResponseFieldNaming")) { writer in
            for fragment in shape.fragments {
                writer.line("public var \(fragment.propertyName): \(declaredType(fragment))")
            }
            writer.line()
            let parameters = shape.fragments.map { "\(SwiftNames.parameter($0.propertyName).declaration): \(declaredType($0))\(isOptional($0) ? " = nil" : "")" }
            writer.block("public init(\(parameters.joined(separator: ", ")))") { writer in
                shape.fragments.forEach { writer.line("self.\($0.propertyName) = \(SwiftNames.parameter($0.propertyName).value)") }
            }
            writer.line()
            writer.block("public init(from object: ResponseObject) throws") { writer in
                for fragment in shape.fragments {
                    writeFragmentDecoding(fragment, into: &writer)
                }
            }
            writer.line()
            writeResponseKeys(fields: [], sameObject: shape.fragments.map(\.propertyName), into: &writer)
        }
    }

    /// The `__fields` line that merges a fragment's fields: an optional one's when present, a
    /// deferred one's when fulfilled.
    func fieldsMerge(_ fragment: Shape.FragmentUse) -> String {
        let property = "fragments.\(fragment.propertyName)"
        switch catchPlan(fragment) {
        case .result?: return "if let fragment = \(property)\(fragment.isOptional ? "?" : "").value { fields.mergeDeeply(fragment.__fields) }"
        case .null?: return "if let fragment = \(property) { fields.mergeDeeply(fragment.__fields) }"
        case .throw?, nil: break
        }
        if fragment.isDeferred {
            return "if let fragment = \(property)\(fragment.isOptional ? "?" : "").value { fields.mergeDeeply(fragment.__fields) }"
        }
        return fragment.isOptional
            ? "if let fragment = \(property) { fields.mergeDeeply(fragment.__fields) }"
            : "fields.mergeDeeply(\(property).__fields)"
    }

    /// The fragment's type, or `Deferred<…>` of it for a spread with `@defer`.
    private func propertyType(_ fragment: Shape.FragmentUse) -> String {
        fragment.isDeferred ? "Deferred<\(fragment.typeName)>" : fragment.typeName
    }

    /// The property's type: a fragment marked `@catch(to: RESULT)` is a `FieldResult` of
    /// it, one marked `@catch(to: NULL)` optional.
    private func declaredType(_ fragment: Shape.FragmentUse) -> String {
        switch catchPlan(fragment) {
        case .result?: return "FieldResult<\(fragment.typeName)>" + (fragment.isOptional ? "?" : "")
        case .null?: return fragment.typeName + "?"
        case .throw?, nil: return propertyType(fragment) + (fragment.isOptional ? "?" : "")
        }
    }

    private func isOptional(_ fragment: Shape.FragmentUse) -> Bool {
        fragment.isOptional || catchPlan(fragment) == .null
    }

    /// How a use of a fragment catches its field errors: as its `@catch` says, except where it
    /// is deferred, which a `Deferred` holds as it arrives.
    private func catchPlan(_ fragment: Shape.FragmentUse) -> FieldErrorHandling? {
        fragment.isDeferred ? nil : fragment.catchTo
    }

    /// The expression that reads the fragment itself from `object`.
    private func fragmentRead(_ fragment: Shape.FragmentUse) -> String {
        let read = "try \(fragment.typeName)(from: object)"
        switch catchPlan(fragment) {
        case .result?: return "try FieldResult(catching: { \(read) })"
        case .null?: return "try FieldResult(catching: { \(read) }).value"
        case .throw?, nil: return read
        }
    }

    private func writeFragmentDecoding(_ fragment: Shape.FragmentUse, into writer: inout SwiftWriter) {
        let property = "self.\(fragment.propertyName)"
        let matches = "\(fragment.typeName).__typeCondition.matches(object.typename ?? \"\")"
        if fragment.isDeferred {
            // Pending while a field it selects is missing, as a spread left out by
            // @include/@skip also is.
            let decoded = "try Deferred(from: object)"
            writer.line("\(property) = " + (fragment.isNarrower ? "\(matches) ? \(decoded) : nil" : decoded))
            return
        }
        let read = fragmentRead(fragment)
        switch (fragment.isNarrower, fragment.isConditional) {
        case (false, false):
            writer.line("\(property) = \(read)")
        case (true, false):
            writer.line("\(property) = \(matches) ? \(read) : nil")
        case (_, true):
            // A fragment spread under @include/@skip is absent when its condition failed; a
            // missing field says so, while any other mismatch is still an error.
            var lines = [
                "do {",
                SwiftWriter.indentation + "\(property) = \(read)",
                "} catch let error as ResponseDecodingError where error.reason == .missingField {",
                SwiftWriter.indentation + "\(property) = nil",
                "}",
            ]
            if fragment.isNarrower {
                lines = ["if \(matches) {"] + lines.map { SwiftWriter.indentation + $0 } + ["} else {", SwiftWriter.indentation + "\(property) = nil", "}"]
            }
            lines.forEach { writer.line($0) }
        }
    }
}
