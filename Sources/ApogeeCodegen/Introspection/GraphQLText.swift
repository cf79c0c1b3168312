/// Writing GraphQL source text.
enum GraphQLText {
    /// A GraphQL string literal with the escapes the spec defines.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The first non-empty line of a description, trimmed, for a one-line doc comment; `nil`
    /// when there is none. Scans UTF-8 bytes, since GitHub's descriptions are many and long.
    static func summary(_ description: String?) -> String? {
        guard let description else { return nil }
        let utf8 = description.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func isNewline(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        var start = utf8.startIndex
        while start != utf8.endIndex, isSpace(utf8[start]) || isNewline(utf8[start]) {
            utf8.formIndex(after: &start)
        }
        var end = start
        while end != utf8.endIndex, !isNewline(utf8[end]) {
            utf8.formIndex(after: &end)
        }
        while end > start, isSpace(utf8[utf8.index(before: end)]) {
            utf8.formIndex(before: &end)
        }
        return start < end ? String(description[start..<end]) : nil
    }
}
