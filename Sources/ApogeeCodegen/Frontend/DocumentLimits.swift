/// The limits an operation file is held to before GraphQLSwift parses or validates it.
///
/// GraphQLSwift's parser and several of its validation rules recurse once per level of
/// nesting, and one rule prints value literals in time that doubles with each level: a file
/// of a few hundred bytes could overflow the generator's stack or keep a build busy for
/// minutes. A scan of the text, which nests nothing, finds such a file first and reports it as
/// a compile error at the place that goes too deep.
public enum DocumentLimits {
    /// The most bytes an operation file may have: 1 MiB, some hundred times a large real one.
    public static let maximumFileSize = 1 << 20
    /// How deep selection sets (fields, inline fragments) may nest: 64 levels, four times a
    /// deep real query, as the JSON parser allows 512 levels of data.
    public static let maximumSelectionDepth = 64
    /// How deep value literals and list types may nest inside arguments, directives and
    /// variable definitions: 16 levels (`{a: {b: [[1]]}}` is 4).
    public static let maximumValueDepth = 16
    /// How long a chain of named fragments, each spreading the next, may be: 64.
    public static let maximumFragmentChain = 64

    /// The problems of one file's text: too large, or nested too deep. Empty when it is fine.
    static func check(_ text: String, file: String) -> [Diagnostic] {
        let bytes = text.utf8
        guard bytes.count <= maximumFileSize else {
            return [Diagnostic(
                file: file, line: 0, column: 0,
                message: "The file has \(bytes.count) bytes; Apogee reads operation files of at most \(maximumFileSize) bytes.")]
        }
        return checkNesting(text, file: file)
    }

    /// The nesting problem of a file's text, or a string cut off in a `\u` escape by the end
    /// of the file (GraphQLSwift's lexer reads past the end there); none when it is fine.
    /// Schemas have no size limit (a large public API's SDL passes a megabyte), but their list
    /// types and default values reach the same recursive parser.
    static func checkNesting(_ text: String, file: String) -> [Diagnostic] {
        var scanner = NestingScanner()
        return scanner.scan(text.utf8, file: file).map { [$0] } ?? []
    }
}

/// Walks a document's bytes keeping a stack of open brackets, skipping strings, block strings
/// and comments, and stops at the first bracket past a limit.
private struct NestingScanner {
    private enum Bracket {
        /// `{` of a selection set.
        case selection
        /// `(` of arguments or variable definitions.
        case parenthesis
        /// `{` or `[` of a value or a list type, inside parentheses.
        case value
    }

    private var stack: [Bracket] = []
    /// A `\u` escape cut off by the end of the text, found while skipping a string.
    private var unfinishedEscape: Diagnostic?
    private var selectionDepth = 0
    private var valueDepth = 0
    private var line = 1
    private var lineStart = 0

    mutating func scan(_ bytes: String.UTF8View, file: String) -> Diagnostic? {
        let text = Array(bytes)
        var index = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
            case UInt8(ascii: "#"):
                while index + 1 < text.count, text[index + 1] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\""):
                index = skipString(text, from: index, file: file)
                if let unfinishedEscape { return unfinishedEscape }
                continue
            case UInt8(ascii: "("):
                stack.append(.parenthesis)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let insideValue = stack.contains(.parenthesis) || byte == UInt8(ascii: "[")
                if insideValue {
                    stack.append(.value)
                    valueDepth += 1
                    if valueDepth > DocumentLimits.maximumValueDepth {
                        return error(file, at: index, "Values and list types nest more than \(DocumentLimits.maximumValueDepth) levels deep here; Apogee reads at most \(DocumentLimits.maximumValueDepth).")
                    }
                } else {
                    stack.append(.selection)
                    selectionDepth += 1
                    if selectionDepth > DocumentLimits.maximumSelectionDepth {
                        return error(file, at: index, "Selection sets nest more than \(DocumentLimits.maximumSelectionDepth) levels deep here; Apogee reads at most \(DocumentLimits.maximumSelectionDepth).")
                    }
                }
            case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                // An unbalanced closer is the parser's to report; the scan only counts.
                switch stack.popLast() {
                case .selection?: selectionDepth -= 1
                case .value?: valueDepth -= 1
                case .parenthesis?, nil: break
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index after a string or a block string that starts at `start`; the end of the
    /// text when it is not closed (the parser reports that).
    private mutating func skipString(_ text: [UInt8], from start: Int, file: String) -> Int {
        let quote = UInt8(ascii: "\"")
        let isBlock = start + 2 < text.count && text[start + 1] == quote && text[start + 2] == quote
        var index = start + (isBlock ? 3 : 1)
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                if !isBlock { return index }
            }
            if byte == UInt8(ascii: "\\") {
                // GraphQLSwift's lexer reads the four digits of a `\u` escape without looking
                // for the end of the text, and traps when they are not there.
                if !isBlock, index + 1 < text.count, text[index + 1] == UInt8(ascii: "u"), index + 6 > text.count {
                    unfinishedEscape = error(file, at: index, "The file ends inside a \\u escape, which needs four hexadecimal digits.")
                    return text.count
                }
                index += 2
                continue
            }
            if byte == quote {
                if !isBlock { return index + 1 }
                if index + 2 < text.count, text[index + 1] == quote, text[index + 2] == quote { return index + 3 }
            }
            index += 1
        }
        return index
    }

    private func error(_ file: String, at index: Int, _ message: String) -> Diagnostic {
        Diagnostic(file: file, line: line, column: index - lineStart + 1, message: message)
    }
}
