/// The Swift type for each GraphQL type reference, with the scalar mapping applied.
struct SwiftTypes {
    let schema: SchemaIndex
    let configuration: CodegenConfiguration

    /// The Swift type of a named leaf or input type.
    func leaf(_ name: String) -> String {
        if let mapped = configuration.scalarTypes[name], aliasTarget(name) == nil {
            return mapped
        }
        switch name {
        case "Int": return "Int"
        case "Float": return "Double"
        case "String": return "String"
        case "Boolean": return "Bool"
        case "ID": return "String"
        default: break
        }
        if schema[name]?.kind == .scalar {
            if aliasTarget(name) != nil { return name }
            return name == "Upload" ? "Upload" : "String"
        }
        return name
    }

    /// For a custom scalar that gets a type alias in the schema types file, the aliased type.
    func aliasTarget(_ name: String) -> String? {
        guard schema[name]?.kind == .scalar, !SchemaIndex.builtInScalars.contains(name),
            !SwiftNames.scalarNamesWithoutAlias.contains(name)
        else { return nil }
        return configuration.scalarTypes[name] ?? "String"
    }

    /// The Swift type of a field in a selection set: optional where the schema allows null.
    func output(_ ref: TypeRef, nested: String?) -> String {
        switch ref {
        case .nonNull(let inner): outputNonNull(inner, nested: nested)
        default: outputNonNull(ref, nested: nested) + "?"
        }
    }

    private func outputNonNull(_ ref: TypeRef, nested: String?) -> String {
        switch ref {
        case .named(let name): nested ?? leaf(name)
        case .list(let inner): "[" + output(inner, nested: nested) + "]"
        case .nonNull(let inner): outputNonNull(inner, nested: nested)
        }
    }

    /// How a variable or input field is declared in Swift.
    struct InputDeclaration {
        /// The property's type.
        var type: String
        /// The initializer parameter's default, if any.
        var defaultValue: String?
        /// The expression for `InputField.fields`, given the property's name.
        var conversion: (String) -> String
    }

    /// A non-null input without a default is required; a nullable one is a `GraphQLNullable`
    /// (leave out, `null`, or a value); a non-null one with a default is an optional left out
    /// when `nil`, since sending `null` to it would be an error.
    func input(_ ref: TypeRef, hasDefault: Bool) -> InputDeclaration {
        switch ref {
        case .nonNull(let inner) where hasDefault:
            InputDeclaration(type: inputBase(inner) + "?", defaultValue: "nil", conversion: { "\($0)?.inputValue" })
        case .nonNull(let inner):
            InputDeclaration(type: inputBase(inner), defaultValue: nil, conversion: { "\($0).inputValue" })
        default:
            InputDeclaration(type: "GraphQLNullable<\(inputBase(ref))>", defaultValue: "nil", conversion: { "\($0).inputValueIfPresent" })
        }
    }

    /// The Swift type of a value given for `ref`, whether or not `ref` allows null: the
    /// payload of a `@oneOf` case, the `Wrapped` of a nullable input.
    func inputBase(_ ref: TypeRef) -> String {
        switch ref {
        case .named(let name): leaf(name)
        case .list(let element): "[" + (element.isNonNull ? inputBase(element.nullable) : inputBase(element) + "?") + "]"
        case .nonNull(let inner): inputBase(inner)
        }
    }

    /// The `Selection.FieldType` expression; `nested` is the expression of the nested
    /// selections for an object field.
    func fieldType(_ ref: TypeRef, nested: String?) -> String {
        switch ref {
        case .nonNull(let inner): ".nonNull(\(fieldType(inner, nested: nested)))"
        case .list(let inner): ".list(\(fieldType(inner, nested: nested)))"
        case .named(let name):
            if let nested { ".object(\(SwiftLiteral.string(name)), \(nested))" } else { ".scalar(\(SwiftLiteral.string(name)))" }
        }
    }
}
