/// One `.graphql` file of operations and fragments.
public struct OperationFile: Sendable, Hashable {
    /// The path as given on input; diagnostics and the output file name come from it.
    public var path: String
    /// The file's text.
    public var text: String

    /// Creates a file from its path and text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The file name without folders and without the `.graphql` extension: `BookTrip` for
    /// `Sources/API/BookTrip.graphql`. The output is `<baseName>.graphql.swift`.
    public var baseName: String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        for suffix in [".graphql", ".gql"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }
}
