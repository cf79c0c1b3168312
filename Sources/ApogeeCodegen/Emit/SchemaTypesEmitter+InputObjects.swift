/// Input objects: a struct of the fields (a `GraphQLNullable` for each nullable one), or for a
/// `@oneOf` input an enum of them (`SchemaTypesEmitter+OneOf.swift`).
extension SchemaTypesEmitter {
    /// Input object members a field must not shadow.
    static let reservedInputMembers: Set<String> = ["fields", "inputValue", "hashValue"]

    /// A field as the struct declares it.
    private struct StructField {
        var field: SchemaIndex.InputField
        var property: String
        var declaration: SwiftTypes.InputDeclaration
        /// Where the value is kept when the field's type leads back to the struct: a struct
        /// cannot hold itself inline, so such a field is a computed property over an
        /// indirect box.
        var storage: String?
    }

    func emitInputObject(_ name: String, into writer: inout SwiftWriter) {
        guard let type = schema[name] else { return }
        if type.isOneOf { return emitOneOf(type, into: &writer) }
        var taken = Self.reservedInputMembers
        var fields = type.inputFields.map { field in
            let property = SwiftNames.unique(SwiftNames.identifier(field.name), avoiding: taken)
            taken.insert(property)
            return StructField(field: field, property: property, declaration: types.input(field.type, hasDefault: field.hasDefault))
        }
        for index in fields.indices where schema.leadsBack(to: name, through: fields[index].field) {
            let storage = SwiftNames.unique("_" + fields[index].field.name, avoiding: taken)
            taken.insert(storage)
            fields[index].storage = storage
        }
        // A property of the box's name would hide it in the struct's own code.
        let box = SwiftNames.unique("Indirect", avoiding: taken)
        writer.line("/// " + (firstLine(type.description) ?? "The `\(name)` input object of the schema."))
        writer.block(TypeDeclaration.header("struct", name, conformances: "InputObject")) { writer in
            writeProperties(fields, box: box, into: &writer)
            writer.line()
            writeInitializer(fields, box: box, into: &writer)
            writer.line()
            writer.block("public var fields: [InputField]") { writer in
                if fields.isEmpty {
                    writer.line("[]")
                } else {
                    writeInputFields(fields.map { ($0.field.name, $0.declaration.conversion(SwiftNames.access($0.property))) }, into: &writer)
                }
            }
            if fields.contains(where: { $0.storage != nil }) {
                writer.line()
                writeIndirectBox(named: box, into: &writer)
            }
        }
    }

    private func writeProperties(_ fields: [StructField], box: String, into writer: inout SwiftWriter) {
        for field in fields {
            if let description = firstLine(field.field.description) { writer.line("/// " + description) }
            guard let storage = field.storage else {
                writer.line("public var \(field.property): \(field.declaration.type)")
                continue
            }
            writer.block("public var \(field.property): \(field.declaration.type)") { writer in
                writer.line("get { \(storage).value }")
                writer.line("set { \(storage) = \(box)(newValue) }")
            }
        }
        for field in fields {
            guard let storage = field.storage else { continue }
            writer.line("private var \(storage): \(box)<\(field.declaration.type)>")
        }
    }

    private func writeInitializer(_ fields: [StructField], box: String, into writer: inout SwiftWriter) {
        let parameters = fields.map { field in
            "\(SwiftNames.parameter(field.property).declaration): \(field.declaration.type)" + (field.declaration.defaultValue.map { " = \($0)" } ?? "")
        }
        guard !parameters.isEmpty else {
            writer.line("public init() {}")
            return
        }
        writer.block("public init(\(parameters.joined(separator: ", ")))") { writer in
            for field in fields {
                let value = SwiftNames.parameter(field.property).value
                if let storage = field.storage {
                    writer.line("self.\(storage) = \(box)(\(value))")
                } else {
                    writer.line("self.\(field.property) = \(value)")
                }
            }
        }
    }

    /// The box of the fields that lead back to their struct: an indirect enum keeps its value
    /// on the heap, so the struct has a size, and stays a value with synthesized `Hashable`.
    private func writeIndirectBox(named box: String, into writer: inout SwiftWriter) {
        writer.line("/// Keeps a field whose type leads back to this input object, which a struct cannot hold inline.")
        writer.block("private indirect enum \(box)<Value: Hashable & Sendable>: Hashable, Sendable") { writer in
            writer.line("case value(Value)")
            writer.line()
            writer.block("init(_ value: Value)") { writer in
                writer.line("self = .value(value)")
            }
            writer.line()
            writer.block("var value: Value") { writer in
                writer.flatBlock("switch self") { writer in
                    writer.line("case .value(let value): value")
                }
            }
        }
    }
}
