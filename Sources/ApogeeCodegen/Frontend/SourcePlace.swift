import GraphQL

/// A place in an operation file: the file and a byte offset in it, as AST locations record
/// them; a key for what the frontend notes about a node.
struct SourcePlace: Hashable, Sendable {
    var file: String
    var offset: Int

    init(file: String, offset: Int) {
        self.file = file
        self.offset = offset
    }

    /// Where a node starts; `nil` for a node without a location.
    init?(_ location: Location?) {
        guard let location else { return nil }
        self.init(file: location.source.name, offset: location.start)
    }
}
