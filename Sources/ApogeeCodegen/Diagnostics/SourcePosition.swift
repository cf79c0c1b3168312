import GraphQL

/// Turns byte offsets that GraphQLSwift records in AST locations into lines and columns.
///
/// GraphQLSwift's own `GraphQLError.locations` measures every position against the source of
/// the error's first node, which is wrong when a validated document joins definitions from
/// several files; each node's `loc.source` names its own file, so positions are computed here.
enum SourcePosition {
    /// The line and column (both from 1) of a UTF-8 offset in `body`.
    static func lineAndColumn(in body: String, offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        var previousWasCarriageReturn = false
        for byte in body.utf8 {
            if index >= offset { break }
            if byte == UInt8(ascii: "\n") {
                if !previousWasCarriageReturn { line += 1 }
                lineStart = index + 1
                previousWasCarriageReturn = false
            } else if byte == UInt8(ascii: "\r") {
                line += 1
                lineStart = index + 1
                previousWasCarriageReturn = true
            } else {
                previousWasCarriageReturn = false
            }
            index += 1
        }
        return (line, offset - lineStart + 1)
    }

    /// A diagnostic placed at an AST node's start, in the node's own file.
    static func diagnostic(at location: Location?, fallbackFile: String, message: String) -> Diagnostic {
        guard let location else {
            return Diagnostic(file: fallbackFile, line: 0, column: 0, message: message)
        }
        let (line, column) = lineAndColumn(in: location.source.body, offset: location.start)
        return Diagnostic(file: location.source.name, line: line, column: column, message: message)
    }
}

extension GraphQLError {
    /// The error as one diagnostic at its first location, in the file that location belongs to.
    func diagnostic(fallbackFile: String) -> Diagnostic {
        if let location = nodes.lazy.compactMap(\.loc).first {
            return SourcePosition.diagnostic(at: location, fallbackFile: fallbackFile, message: message)
        }
        if let source, let position = positions.first {
            let (line, column) = SourcePosition.lineAndColumn(in: source.body, offset: position)
            return Diagnostic(file: source.name, line: line, column: column, message: syntaxMessage)
        }
        if let location = locations.first {
            return Diagnostic(file: source?.name ?? fallbackFile, line: location.line, column: location.column, message: message)
        }
        return Diagnostic(file: source?.name ?? fallbackFile, line: 0, column: 0, message: message)
    }

    /// GraphQLSwift writes syntax errors as `Syntax Error NAME (L:C) description` followed by an
    /// excerpt of the source; the diagnostic already shows the place, so only the description stays.
    private var syntaxMessage: String {
        var text = Substring(message)
        if let excerpt = text.range(of: "\n\n") {
            text = text[..<excerpt.lowerBound]
        }
        let prefix = "Syntax Error " + (source?.name ?? "") + " ("
        guard text.hasPrefix(prefix) else { return String(text) }
        let afterPrefix = text.dropFirst(prefix.count)
        guard let close = afterPrefix.range(of: ") ") else { return String(text) }
        return "Syntax Error: " + afterPrefix[close.upperBound...]
    }
}
