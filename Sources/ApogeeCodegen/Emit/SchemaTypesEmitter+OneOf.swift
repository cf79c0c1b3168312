/// A `@oneOf` input object as an enum: a value holds exactly one of the fields by
/// construction, and is sent as an object with that one key.
extension SchemaTypesEmitter {
    func emitOneOf(_ type: SchemaIndex.NamedType, into writer: inout SwiftWriter) {
        var taken = Self.reservedInputMembers
        let cases = type.inputFields.map { field in
            let name = SwiftNames.unique(SwiftNames.identifier(field.name), avoiding: taken)
            taken.insert(name)
            return (field: field, name: name)
        }
        // An enum holds a case that leads back to it only on the heap.
        let isIndirect = type.inputFields.contains { schema.leadsBack(to: type.name, through: $0) }
        writer.line("/// " + (firstLine(type.description) ?? "The `\(type.name)` input object of the schema."))
        writer.line("///")
        writer.line("/// Exactly one of its fields is given (`@oneOf`): each case is one field.")
        writer.block(TypeDeclaration.header(isIndirect ? "indirect enum" : "enum", type.name, conformances: "InputObject")) { writer in
            for (field, name) in cases {
                if let description = firstLine(field.description) { writer.line("/// " + description) }
                writer.line("case \(name)(\(types.inputBase(field.type)))")
            }
            writer.line()
            writer.block("public var fields: [InputField]") { writer in
                guard !cases.isEmpty else { return writer.line("[]") }
                writer.flatBlock("switch self") { writer in
                    for (field, name) in cases {
                        writer.line("case .\(name)(let value): [InputField(\(SwiftLiteral.string(field.name)), value.inputValue)]")
                    }
                }
            }
        }
    }
}
