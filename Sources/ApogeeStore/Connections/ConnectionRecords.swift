import ApogeeAPI

/// How connections are laid out in records, shared by the normalizer, the page merge, the
/// list directives and the updater proxies so that they agree.
///
/// A connection record holds `edges` (a list of references to edge records) and `pageInfo`.
/// An edge record holds `cursor` and `node`, a reference to the node's own record.
public enum ConnectionRecords {
    /// The key of an edge record with a cursor: `connection.edges(cursor)`.
    static func edgeKey(connection: CacheKey, cursor: String) -> CacheKey {
        CacheKey(connection.rawValue + ".edges(" + cursor + ")")
    }

    /// The key of an edge the client made for a node (`@appendNode`, or an updater), which has
    /// no cursor from the server: `connection.edges(client:Todo:1)`.
    static func clientEdgeKey(connection: CacheKey, node: CacheKey) -> CacheKey {
        CacheKey(connection.rawValue + ".edges(client:" + node.rawValue + ")")
    }

    /// The record key of the connection stored by `@connection(key:)` on a field of `parent`,
    /// for the given filter arguments: what its `__id` field reads.
    ///
    /// Prefer selecting `__id` in the query that reads the connection; this is for code that
    /// knows the parent record but has no result at hand. It assumes the connection type has no
    /// key of its own, which is what Relay-style connection types look like.
    /// - Parameters:
    ///   - parent: The record that has the paginated field (`User:4`, or ``CacheKey/queryRoot``).
    ///   - key: The `key` of the `@connection` directive.
    ///   - filters: The field's arguments other than `first`, `after`, `last` and `before`
    ///     (or those named by the directive's `filters`), with their values.
    public static func connectionID(parent: CacheKey, key: String, filters: JSONObject = [:]) -> CacheKey {
        CacheKey(parent.rawValue + "." + ConnectionDirective.storageKey(name: "__" + key + "_connection", filters: filters))
    }
}
