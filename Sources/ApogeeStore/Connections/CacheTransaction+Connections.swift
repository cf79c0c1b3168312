import ApogeeAPI

extension CacheTransaction {
    /// The edges of a connection record as references, or `nil` when the record or its
    /// `edges` is missing or null.
    func edgeList(of connection: CacheKey) throws -> [RecordValue]? {
        guard case .list(let edges)? = try lookUp(connection)?.fields["edges"] else { return nil }
        return edges
    }

    /// The node an edge record links to.
    func node(ofEdge edge: RecordValue) throws -> CacheKey? {
        guard let key = edge.referenceKey else { return nil }
        return try lookUp(key)?.fields["node"]?.referenceKey
    }

    /// Puts an edge record into a connection, at the end or the start, unless an edge for the
    /// same node is already there (Relay does the same, so a retried add shows once).
    /// - Returns: Whether the edge was inserted.
    @discardableResult
    func insertEdge(_ edge: CacheKey, into connection: CacheKey, atEnd: Bool) throws -> Bool {
        guard var edges = try edgeList(of: connection) else { return false }
        if let node = try lookUp(edge)?.fields["node"]?.referenceKey {
            for existing in edges where try self.node(ofEdge: existing) == node { return false }
        }
        if atEnd { edges.append(.reference(edge)) } else { edges.insert(.reference(edge), at: 0) }
        try setField("edges", to: .list(edges), of: connection)
        return true
    }

    /// Removes from a connection the edges whose node matches.
    func removeEdges(from connection: CacheKey, where matches: (CacheKey) throws -> Bool) throws {
        guard let edges = try edgeList(of: connection) else { return }
        var kept: [RecordValue] = []
        kept.reserveCapacity(edges.count)
        for edge in edges {
            if let node = try node(ofEdge: edge), try matches(node) { continue }
            kept.append(edge)
        }
        if kept.count != edges.count { try setField("edges", to: .list(kept), of: connection) }
    }

    /// Copies an edge record (from a mutation's payload, say) into a record that belongs to
    /// the connection, so the connection keeps its edge whatever later happens to the payload.
    func copyEdge(_ edge: CacheKey, into connection: CacheKey) throws -> CacheKey? {
        guard let record = try lookUp(edge) else { return nil }
        let key: CacheKey
        if case .scalar(.string(let cursor))? = record.fields["cursor"] {
            key = ConnectionRecords.edgeKey(connection: connection, cursor: cursor)
        } else if let node = record.fields["node"]?.referenceKey {
            key = ConnectionRecords.clientEdgeKey(connection: connection, node: node)
        } else {
            return nil
        }
        if key != edge { try setFields(record.fields, of: key) }
        return key
    }

    /// Makes an edge record for a node, as `@appendNode` and updaters do. Such an edge has no
    /// server cursor; it gets a client one so that queries selecting `cursor` still read it.
    func makeEdge(for node: CacheKey, in connection: CacheKey, typename: String) throws -> CacheKey {
        let key = ConnectionRecords.clientEdgeKey(connection: connection, node: node)
        try setFields([
            "__typename": .scalar(.string(typename)),
            "cursor": .scalar(.string("client:" + node.rawValue)),
            "node": .reference(node),
        ], of: key)
        return key
    }

    /// Merges newly normalized pages of connections with the edges already stored: a page
    /// with `after` goes after the edge with that cursor, one with `before` before it, and a
    /// page with neither replaces the list (a refresh). Page info keeps the bounds the page
    /// does not move. An edge whose node the page brings again is not kept twice.
    func mergeConnectionPages(_ pages: [CacheKey: ConnectionPage], into records: inout NormalizedRecords) throws {
        for (key, page) in pages where page.after != nil || page.before != nil {
            guard var fields = records[key], case .list(let newEdges)? = fields["edges"],
                  let oldEdges = try edgeList(of: key) else { continue }
            func value(_ field: String, of edge: RecordValue) throws -> RecordValue? {
                guard let edgeKey = edge.referenceKey else { return nil }
                if let staged = records[edgeKey]?[field] { return staged }
                return try lookUp(edgeKey)?.fields[field]
            }
            var newNodes = Set<CacheKey>()
            for edge in newEdges { if let node = try value("node", of: edge)?.referenceKey { newNodes.insert(node) } }
            func isRepeated(_ edge: RecordValue) throws -> Bool {
                guard let node = try value("node", of: edge)?.referenceKey else { return false }
                return newNodes.contains(node)
            }
            let merged: [RecordValue]
            if let after = page.after {
                let cut = try oldEdges.firstIndex { try value("cursor", of: $0) == .scalar(.string(after)) }
                let kept = cut.map { Array(oldEdges[...$0]) } ?? oldEdges
                merged = try kept.filter { try !isRepeated($0) } + newEdges
            } else {
                let before = page.before ?? ""
                let cut = try oldEdges.firstIndex { try value("cursor", of: $0) == .scalar(.string(before)) }
                let kept = cut.map { Array(oldEdges[$0...]) } ?? oldEdges
                merged = try newEdges + kept.filter { try !isRepeated($0) }
            }
            fields["edges"] = .list(merged)
            records[key] = fields
            if let pageInfo = fields["pageInfo"]?.referenceKey, records[pageInfo] != nil, try lookUp(pageInfo) != nil {
                // The page moves only the bound on its own side.
                let kept = page.after != nil ? ["startCursor", "hasPreviousPage"] : ["endCursor", "hasNextPage"]
                for name in kept { records[pageInfo]?[name] = nil }
            }
        }
    }
}
