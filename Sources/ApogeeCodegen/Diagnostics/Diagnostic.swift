/// One problem found in a schema or an operation file, at a place in a file.
///
/// Printed the way compilers print errors, so that editors, Xcode and `swift build` can link
/// the message to the line: `path/File.graphql:12:5: error: message`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file the problem is in, as it was named on input.
    public var file: String
    /// The line, counted from 1; 0 when the problem has no place in the file.
    public var line: Int
    /// The column, counted from 1 in UTF-8 bytes; 0 when the problem has no place in the file.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`, or `file: error: message` without a place.
    public var description: String {
        if line > 0 {
            return "\(file):\(line):\(column): error: \(message)"
        }
        return "\(file): error: \(message)"
    }
}

/// Code generation stopped: the schema or the operations have errors, or files could not be
/// read or written. Nothing was written.
public struct CodegenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every problem found, in file order.
    public var diagnostics: [Diagnostic]

    /// Creates an error from its diagnostics.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// An error about a whole file (unreadable, wrong format).
    public init(file: String, message: String) {
        self.diagnostics = [Diagnostic(file: file, line: 0, column: 0, message: message)]
    }

    /// One diagnostic per line, as a compiler prints them.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
