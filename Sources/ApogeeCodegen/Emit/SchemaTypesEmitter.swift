/// Writes the schema types the operations reach: custom scalar aliases, enums, input objects.
struct SchemaTypesEmitter {
    let schema: SchemaIndex
    let types: SwiftTypes

    /// The enum that holds the cache policy the schema declares.
    static let cachePolicyName = "SchemaCachePolicy"

    /// The cache policy declared with `@typePolicy`, `@fieldPolicy` and `@cacheControl`, as the
    /// store reads it through the `__cacheKeyFields`, `__cacheRedirects` and `__cacheMaxAges`
    /// of each operation and fragment.
    func emitCachePolicy(keyFields: [String: [String]], redirects: [String: SchemaIndex.Redirect], maxAges: [String: Int], into writer: inout SwiftWriter) {
        writer.line("/// The cache policy the schema declares: what the store keys objects by (`@typePolicy`), the")
        writer.line("/// fields it reads from the record their arguments name (`@fieldPolicy`), and how long fields")
        writer.line("/// stay fresh (`@cacheControl`).")
        writer.block(TypeDeclaration.header("enum", Self.cachePolicyName)) { writer in
            writer.line("/// The fields that identify objects of each type, by concrete type; interface keys are")
            writer.line("/// given to each implementation.")
            Self.emitDictionary("keyFields", valueType: "[String]", keyFields.mapValues(Self.stringList), into: &writer)
            writer.line()
            writer.line("/// The redirected fields, by `ParentType.field`.")
            let redirectLiterals = redirects.mapValues { redirect in
                "CacheRedirect(typename: \(SwiftLiteral.string(redirect.typename)), keyArguments: \(Self.stringList(redirect.keyArguments)), "
                    + "keyFields: \(Self.stringList(redirect.keyFields)))"
            }
            Self.emitDictionary("redirects", valueType: "CacheRedirect", redirectLiterals, into: &writer)
            writer.line()
            writer.line("/// How long fields stay fresh, in seconds, by `Type` and `Type.field`.")
            Self.emitDictionary("maxAges", valueType: "Int", maxAges.mapValues { String($0) }, into: &writer)
        }
    }

    /// `public static let name: [String: ValueType] = [...]`, one entry a line in key order.
    private static func emitDictionary(_ name: String, valueType: String, _ literals: [String: String], into writer: inout SwiftWriter) {
        guard !literals.isEmpty else {
            writer.line("public static let \(name): [String: \(valueType)] = [:]")
            return
        }
        writer.line("public static let \(name): [String: \(valueType)] = [")
        writer.indented { writer in
            for (key, literal) in literals.sorted(by: { $0.key < $1.key }) {
                writer.line("\(SwiftLiteral.string(key)): \(literal),")
            }
        }
        writer.line("]")
    }

    private static func stringList(_ strings: [String]) -> String {
        "[" + strings.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }

    func emitAlias(_ scalar: String, into writer: inout SwiftWriter) {
        guard let target = types.aliasTarget(scalar) else { return }
        writer.line("/// " + (firstLine(schema[scalar]?.description) ?? "The `\(scalar)` scalar of the schema."))
        writer.line("public typealias \(scalar) = \(target)")
    }

    func emitEnum(_ name: String, into writer: inout SwiftWriter) {
        guard let type = schema[name] else { return }
        var taken: Set<String> = []
        let cases = type.enumValues.map { value in
            let caseName = SwiftNames.unique(SwiftNames.caseName(value.name), avoiding: taken)
            taken.insert(caseName)
            return (value, SwiftNames.identifier(caseName))
        }
        let unknown = taken.contains("unknown") ? "__unknown" : "unknown"
        writer.line("/// " + (firstLine(type.description) ?? "The `\(name)` enum of the schema."))
        writer.block(TypeDeclaration.header("enum", name, conformances: "EnumValue, CaseIterable")) { writer in
            for (value, caseName) in cases {
                if let description = firstLine(value.description) { writer.line("/// " + description) }
                if let reason = value.deprecationReason { writer.line("/// - Deprecated: " + (firstLine(reason) ?? reason)) }
                writer.line("case \(caseName)")
            }
            writer.line("/// A value the schema did not have when this code was generated.")
            writer.line("case \(unknown)(String)")
            writer.line()
            writer.line("public static let allCases: [\(name)] = [" + cases.map { "." + $0.1 }.joined(separator: ", ") + "]")
            writer.line()
            writer.block("public init(rawValue: String)") { writer in
                writer.flatBlock("switch rawValue") { writer in
                    for (value, caseName) in cases {
                        writer.line("case \(SwiftLiteral.string(value.name)): self = .\(caseName)")
                    }
                    writer.line("default: self = .\(unknown)(rawValue)")
                }
            }
            writer.line()
            writer.block("public var rawValue: String") { writer in
                writer.flatBlock("switch self") { writer in
                    for (value, caseName) in cases {
                        writer.line("case .\(caseName): \(SwiftLiteral.string(value.name))")
                    }
                    writer.line("case .\(unknown)(let value): value")
                }
            }
        }
    }

    func firstLine(_ text: String?) -> String? {
        GraphQLText.summary(text)
    }
}
