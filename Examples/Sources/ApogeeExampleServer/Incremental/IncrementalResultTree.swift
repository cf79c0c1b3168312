import GraphQL

/// The whole result of an incremental operation, each field marked with the delivery unit
/// that sends it (see ``IncrementalPlan``).
indirect enum ResultNode {
    /// A scalar, an enum value or `null`.
    case leaf(Map)
    case object(ResultObject)
    case list(ResultList)

    var isNull: Bool {
        if case .leaf(let map) = self { return map == .null || map == .undefined }
        return false
    }

    /// The node at `path`, or `nil` when the path leads nowhere (or through a `null`).
    func node(at path: ArraySlice<IndexPathValue>) -> ResultNode? {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.object(let object), .key(let key)):
            return object.fields.first { $0.key == key }?.value.node(at: path.dropFirst())
        case (.list(let list), .index(let index)) where list.items.indices.contains(index):
            return list.items[index].value.node(at: path.dropFirst())
        default:
            return nil
        }
    }

    /// Replaces the node at `path` with `null`, as an error that propagates up to it does.
    mutating func nullify(at path: ArraySlice<IndexPathValue>) {
        guard let step = path.first else {
            self = .leaf(.null)
            return
        }
        switch (self, step) {
        case (.object(var object), .key(let key)):
            guard let index = object.fields.firstIndex(where: { $0.key == key }) else { return }
            object.fields[index].value.nullify(at: path.dropFirst())
            self = .object(object)
        case (.list(var list), .index(let index)) where list.items.indices.contains(index):
            list.items[index].value.nullify(at: path.dropFirst())
            self = .list(list)
        default:
            return
        }
    }
}

/// An object of the result, its fields in response order.
struct ResultObject {
    var fields: [ResultField]
}

/// One response key of an object.
struct ResultField {
    let key: String
    /// The units of every selection of this key: a field both in a deferred fragment and
    /// outside it has two.
    let units: Set<Int>
    /// The unit that sends the field: the first of ``units`` (the initial payload when the field
    /// is selected outside every deferred fragment).
    let delivery: Int
    /// Whether the real schema's type is non-null, so that an error propagates past it.
    let isNonNull: Bool
    var value: ResultNode
}

/// A list of the result.
struct ResultList {
    var items: [ResultItem]
}

/// An item of a list: sent with its list, or alone when the list is streamed.
struct ResultItem {
    /// The unit that sends the item.
    let unit: Int
    /// Whether the item came from a stream, after the initial count.
    let isStreamed: Bool
    let isNonNull: Bool
    var value: ResultNode
}

/// A deferred fragment applied to one object, or a streamed list: what a client sees as one
/// `pending` id.
struct IncrementalRecord {
    enum Kind {
        case deferred
        case stream
    }

    let kind: Kind
    let label: String?
    /// The object the fragment applies to, or the list field.
    let path: [IndexPathValue]
    /// The unit whose payload announces the record.
    let parentUnit: Int
    /// The units that send it: one for a fragment, one per item for a stream.
    var units: [Int] = []
}

/// What one payload sends: the initial payload (no record), a deferred fragment, or one
/// streamed item.
struct DeliveryUnit {
    /// The index of the record in ``IncrementalPlan/records``; `nil` for the initial payload.
    let record: Int?
    /// For a stream, the index of the item in its list.
    let item: Int?
}
