import GraphQL

/// The query text with `_apogeeRuntimeType: __typename` at the start of every selection set,
/// so that the split knows each object's type, which type conditions on interfaces and unions
/// need. The field is never sent; error locations are mapped back to the client's text.
struct RuntimeTypeInjection {
    static let alias = "_apogeeRuntimeType"
    private static let inserted = Array(" \(alias): __typename ".utf8)

    /// The text to run.
    let query: String
    private let original: Source
    /// The offsets in the original text after which the field went, ascending.
    private let offsets: [Int]

    init(query: String, document: Document) {
        var offsets: [Int] = []
        for definition in document.definitions {
            switch definition {
            case let operation as OperationDefinition: Self.collect(operation.selectionSet, into: &offsets)
            case let fragment as FragmentDefinition: Self.collect(fragment.selectionSet, into: &offsets)
            default: continue
            }
        }
        let bytes = Array(query.utf8)
        offsets = offsets.filter { bytes.indices.contains($0) && bytes[$0] == UInt8(ascii: "{") }.map { $0 + 1 }
        offsets.sort()
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + offsets.count * Self.inserted.count)
        var start = 0
        for offset in offsets {
            text += bytes[start..<offset]
            text += Self.inserted
            start = offset
        }
        text += bytes[start...]
        self.query = String(decoding: text, as: UTF8.self)
        self.original = Source(body: query, name: "GraphQL request")
        self.offsets = offsets
    }

    /// `error` with its locations in the client's text.
    func mapped(_ error: GraphQLError) -> GraphQLError {
        guard !error.positions.isEmpty else { return error }
        let positions = error.positions.map { position in
            var shift = 0
            for (index, offset) in offsets.enumerated() where offset + index * Self.inserted.count <= position {
                shift += Self.inserted.count
            }
            return max(0, position - shift)
        }
        return GraphQLError(
            message: error.message,
            source: original,
            positions: positions,
            path: error.path,
            originalError: error.originalError,
            extensions: error.extensions
        )
    }

    private static func collect(_ selectionSet: SelectionSet, into offsets: inout [Int]) {
        if let start = selectionSet.loc?.start { offsets.append(start) }
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field: field.selectionSet.map { collect($0, into: &offsets) }
            case let inline as InlineFragment: collect(inline.selectionSet, into: &offsets)
            default: continue
            }
        }
    }
}
