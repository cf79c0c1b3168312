import ApogeeAPI

extension CacheTransaction {
    /// Carries out the list directives of an operation's selections over data that was just
    /// written under `root`: edges and nodes go into the connections named, deleted IDs leave
    /// the store or the connections. A connection that is not in the store is skipped, as
    /// Relay does: no list shows it, so there is nothing to update.
    func applyListDirectives(root: CacheKey, selections: [Selection], data: JSONObject, variables: JSONObject) throws {
        guard ListDirective.appear(in: selections) else { return }
        try applyListDirectives(in: data, key: root, typename: nil, selections: selections, variables: variables)
    }

    private func applyListDirectives(in object: JSONObject, key: CacheKey, typename: String?, selections: [Selection], variables: JSONObject) throws {
        let typename = object["__typename"]?.stringValue ?? typename
        for selection in selections {
            switch selection {
            case .field(let field):
                guard !field.isClientID, Selection.Condition.allPass(field.conditions, with: variables),
                      let value = object[field.responseKey], !value.isNull else { continue }
                let stored = try lookUp(key)?.fields[field.storageKey(with: variables)]
                for directive in ListDirective.all(on: field, variables: variables) {
                    try apply(directive, value: value, stored: stored)
                }
                if let nested = field.selections, ListDirective.appear(in: nested), let stored {
                    try descend(value, stored: stored, selections: nested, typename: field.type.namedType, variables: variables)
                }
            case .inlineFragment(let fragment):
                guard Selection.Condition.allPass(fragment.conditions, with: variables) else { continue }
                if let condition = fragment.typeCondition, let typename, !condition.matches(typename) { continue }
                try applyListDirectives(in: object, key: key, typename: typename, selections: fragment.selections, variables: variables)
            case .fragmentSpread(let spread):
                guard Selection.Condition.allPass(spread.conditions, with: variables) else { continue }
                if let typename, !spread.typeCondition.matches(typename) { continue }
                try applyListDirectives(in: object, key: key, typename: typename, selections: spread.selections, variables: variables)
            }
        }
    }

    /// Walks an object or list value alongside the references the store keeps for it.
    private func descend(_ value: JSONValue, stored: RecordValue, selections: [Selection], typename: String, variables: JSONObject) throws {
        switch (value, stored) {
        case (.object(let object), .reference(let child)):
            try applyListDirectives(in: object, key: child, typename: typename, selections: selections, variables: variables)
        case (.array(let elements), .list(let storedElements)) where elements.count == storedElements.count:
            for (element, storedElement) in zip(elements, storedElements) {
                try descend(element, stored: storedElement, selections: selections, typename: typename, variables: variables)
            }
        default:
            return
        }
    }

    private func apply(_ directive: ListDirective, value: JSONValue, stored: RecordValue?) throws {
        switch directive {
        case .insertEdge(let connections, let atEnd):
            var edges: [CacheKey] = []
            stored?.forEachReference { edges.append($0) }
            for connection in connections where try edgeList(of: connection) != nil {
                for edge in edges {
                    guard let own = try copyEdge(edge, into: connection) else { continue }
                    try insertEdge(own, into: connection, atEnd: atEnd)
                }
            }
        case .insertNode(let connections, let typename, let atEnd):
            var nodes: [CacheKey] = []
            stored?.forEachReference { nodes.append($0) }
            for connection in connections where try edgeList(of: connection) != nil {
                for node in nodes {
                    try insertEdge(try makeEdge(for: node, in: connection, typename: typename), into: connection, atEnd: atEnd)
                }
            }
        case .deleteRecord:
            for id in Self.ids(in: value) {
                for key in try recordKeys(forID: id) { try deleteRecordAndEdges(key) }
            }
        case .deleteEdge(let connections):
            for id in Self.ids(in: value) {
                let keys = try recordKeys(forID: id)
                for connection in connections {
                    try removeEdges(from: connection) { try node($0, hasID: id, keys: keys) }
                }
            }
        }
    }

    /// The IDs an `ID` or `[ID]` field holds.
    private static func ids(in value: JSONValue) -> [String] {
        switch value {
        case .string(let id): [id]
        case .int(let id): [String(id)]
        case .array(let elements): elements.flatMap(ids(in:))
        default: []
        }
    }
}
