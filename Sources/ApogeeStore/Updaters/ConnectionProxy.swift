import ApogeeAPI

/// A connection record (`@connection(key:)`) as an updater function sees it: its edges in
/// order, insertion and removal of edges, and its page info.
public struct ConnectionProxy {
    /// The store the connection belongs to.
    public let store: StoreProxy
    /// The connection record's key: what its `__id` field reads.
    public let key: CacheKey

    var transaction: CacheTransaction { store.transaction }

    /// The connection record itself.
    public var record: RecordProxy { RecordProxy(store: store, key: key) }

    /// The edge records, in order; missing and null edges are left out.
    public func edges() throws -> [RecordProxy] {
        var edges: [RecordProxy] = []
        for edge in try transaction.edgeList(of: key) ?? [] {
            if let edgeKey = edge.referenceKey, let proxy = try store.record(for: edgeKey) { edges.append(proxy) }
        }
        return edges
    }

    /// The node records of the edges, in order.
    public func nodes() throws -> [RecordProxy] {
        try edges().compactMap { try $0.linkedRecord(forField: "node") }
    }

    /// The `pageInfo` record.
    public func pageInfo() throws -> RecordProxy? {
        try record.linkedRecord(forField: "pageInfo")
    }

    /// Adds an edge at the end. The edge is copied into a record of the connection's own, so
    /// an edge from a mutation's payload can be given as it is.
    /// - Returns: Whether it was added; an edge whose node is already there is not added again.
    @discardableResult
    public func append(edge: RecordProxy) throws -> Bool {
        guard let own = try transaction.copyEdge(edge.key, into: key) else { return false }
        return try transaction.insertEdge(own, into: key, atEnd: true)
    }

    /// Adds an edge at the start, like ``append(edge:)``.
    @discardableResult
    public func prepend(edge: RecordProxy) throws -> Bool {
        guard let own = try transaction.copyEdge(edge.key, into: key) else { return false }
        return try transaction.insertEdge(own, into: key, atEnd: false)
    }

    /// Makes an edge for a node and adds it at the end (what `@appendNode` does).
    @discardableResult
    public func append(node: RecordProxy, edgeTypename: String) throws -> Bool {
        let edge = try transaction.makeEdge(for: node.key, in: key, typename: edgeTypename)
        return try transaction.insertEdge(edge, into: key, atEnd: true)
    }

    /// Makes an edge for a node and adds it at the start (what `@prependNode` does).
    @discardableResult
    public func prepend(node: RecordProxy, edgeTypename: String) throws -> Bool {
        let edge = try transaction.makeEdge(for: node.key, in: key, typename: edgeTypename)
        return try transaction.insertEdge(edge, into: key, atEnd: false)
    }

    /// Inserts an edge right after the edge with `cursor` (at the end when no edge has it).
    public func insert(edge: RecordProxy, after cursor: String) throws {
        try insert(edge: edge, offset: 1, cursor: cursor)
    }

    /// Inserts an edge right before the edge with `cursor` (at the start when no edge has it).
    public func insert(edge: RecordProxy, before cursor: String) throws {
        try insert(edge: edge, offset: 0, cursor: cursor)
    }

    private func insert(edge: RecordProxy, offset: Int, cursor: String) throws {
        guard let own = try transaction.copyEdge(edge.key, into: key),
              var edges = try transaction.edgeList(of: key) else { return }
        var position = offset == 1 ? edges.endIndex : edges.startIndex
        for (index, existing) in edges.enumerated() {
            guard let existingKey = existing.referenceKey,
                  case .scalar(.string(cursor))? = try transaction.record(for: existingKey)?.fields["cursor"] else { continue }
            position = index + offset
            break
        }
        edges.insert(.reference(own), at: position)
        try transaction.setField("edges", to: .list(edges), of: key)
    }

    /// Removes the edges whose node is the record `node` (Relay's `deleteNode`). The node's
    /// record stays; delete it with ``StoreProxy/delete(_:)`` if it is gone for good.
    public func remove(node: CacheKey) throws {
        try transaction.removeEdges(from: key) { $0 == node }
    }
}
