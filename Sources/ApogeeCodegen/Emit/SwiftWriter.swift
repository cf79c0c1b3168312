/// Builds Swift source line by line, indented by ``indentation`` per level.
struct SwiftWriter {
    /// One level of indentation: two spaces, as the generated code of other GraphQL clients
    /// has, since a deeply nested selection set's struct would otherwise be mostly spaces.
    static let indentation = "  "

    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: Self.indentation, count: depth) + content + "\n"
        }
    }

    /// Writes a doc comment of one or more lines; a blank line stays as `///`.
    mutating func documentation(_ text: String) {
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var content = Substring(line)
            while content.last == " " || content.last == "\t" { content = content.dropLast() }
            self.line(content.isEmpty ? "///" : "/// " + content)
        }
    }

    /// Writes `header {`, the body one level deeper, and `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// Writes `header {`, the body at the same level (as `case` lines of a `switch` are), and `}`.
    mutating func flatBlock(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        body(&self)
        line("}")
    }

    /// Writes lines one level deeper.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes several blocks separated by blank lines.
    mutating func separated(_ parts: [(inout SwiftWriter) -> Void]) {
        for (index, part) in parts.enumerated() {
            if index > 0 { line() }
            part(&self)
        }
    }
}
