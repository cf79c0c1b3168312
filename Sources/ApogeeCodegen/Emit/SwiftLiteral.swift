/// Swift literals for values written into generated code.
enum SwiftLiteral {
    /// A one-line Swift string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The body of a multi-line string literal line: backslashes and `"""` escaped.
    static func multilineContent(_ text: String) -> String {
        text.split(separator: "\\", omittingEmptySubsequences: false).joined(separator: "\\\\")
            .split(separator: "\"\"\"", omittingEmptySubsequences: false).joined(separator: "\\\"\"\"")
    }

    /// A JSON literal for a GraphQL literal, as `JSONValue`'s literal conformances read it.
    static func json(_ value: IRValue) -> String {
        switch value {
        case .variable(let name): ".null /* $\(name) */"
        case .int(let text): Int(text).map(String.init) ?? Double(text).map { "\($0)" } ?? "nil"
        case .float(let text): Double(text).map { "\($0)" } ?? "nil"
        case .string(let text), .enumValue(let text): string(text)
        case .boolean(let bool): bool ? "true" : "false"
        case .null: "nil"
        case .list(let values): "[" + values.map(json).joined(separator: ", ") + "]"
        case .object(let fields): fields.isEmpty ? "[:]" : "[" + fields.map { "\(string($0.name)): \(json($0.value))" }.joined(separator: ", ") + "]"
        }
    }

    /// An `ArgumentValue` expression.
    static func argumentValue(_ value: IRValue) -> String {
        switch value {
        case .variable(let name): ".variable(\(string(name)))"
        case .list(let values): ".list([" + values.map(argumentValue).joined(separator: ", ") + "])"
        case .object(let fields): ".object([" + fields.map(argument).joined(separator: ", ") + "])"
        default: ".literal(\(json(value)))"
        }
    }

    /// A `Selection.Argument` expression.
    static func argument(_ argument: IRArgument) -> String {
        ".init(\(string(argument.name)), \(argumentValue(argument.value)))"
    }

    static func conditions(_ conditions: [IRCondition]) -> String {
        "[" + conditions.map { "\($0.passesWhen ? ".include" : ".skip")(\(string($0.variable)))" }.joined(separator: ", ") + "]"
    }
}
