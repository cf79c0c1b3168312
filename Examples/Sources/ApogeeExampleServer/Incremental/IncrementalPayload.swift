import ApogeeAPI
import GraphQL

/// One part of a `multipart/mixed` answer, in either format; ``json()`` writes only the
/// members that are set, in the order the formats list them.
struct IncrementalPayload {
    /// The initial payload's `data` (`.null` when an error nulled it); `nil` in later payloads.
    var data: Map?
    /// The initial payload's errors.
    var errors: [GraphQL.GraphQLError] = []
    var pending: [Pending] = []
    var incremental: [Entry] = []
    var completed: [Completed] = []
    var hasNext: Bool

    /// A record announced in the current format.
    struct Pending {
        let id: String
        let path: [IndexPathValue]
        let label: String?
    }

    /// An entry of `incremental`: data of a deferred fragment or items of a stream.
    struct Entry {
        /// The record's id (current format).
        var id: String?
        var data: Map?
        var items: Map?
        var errors: [GraphQL.GraphQLError] = []
        /// Where `data` goes below the record's path (current format), when not there.
        var subPath: [IndexPathValue] = []
        /// Where `data` goes, or the index of the first item (old format).
        var path: [IndexPathValue]?
        var label: String?
    }

    /// A record that is done (current format), with the errors that failed it.
    struct Completed {
        let id: String
        var errors: [GraphQL.GraphQLError] = []
    }

    func json() -> [UInt8] {
        var pairs: [(String, Map)] = []
        if let data { pairs.append(("data", data)) }
        if !errors.isEmpty { pairs.append(("errors", Self.errors(errors))) }
        if !pending.isEmpty {
            pairs.append(("pending", .array(pending.map { pending in
                var fields: [(String, Map)] = [("id", .string(pending.id)), ("path", Self.path(pending.path))]
                if let label = pending.label { fields.append(("label", .string(label))) }
                return Self.object(fields)
            })))
        }
        if !incremental.isEmpty { pairs.append(("incremental", .array(incremental.map(Self.entry)))) }
        if !completed.isEmpty {
            pairs.append(("completed", .array(completed.map { completed in
                var fields: [(String, Map)] = [("id", .string(completed.id))]
                if !completed.errors.isEmpty { fields.append(("errors", Self.errors(completed.errors))) }
                return Self.object(fields)
            })))
        }
        pairs.append(("hasNext", .bool(hasNext)))
        var writer = JSONWriter()
        writer.write(Self.object(pairs))
        return writer.bytes
    }

    private static func entry(_ entry: Entry) -> Map {
        var fields: [(String, Map)] = []
        if let id = entry.id { fields.append(("id", .string(id))) }
        if let data = entry.data { fields.append(("data", data)) }
        if let items = entry.items { fields.append(("items", items)) }
        if let path = entry.path { fields.append(("path", Self.path(path))) }
        if let label = entry.label { fields.append(("label", .string(label))) }
        if !entry.errors.isEmpty { fields.append(("errors", errors(entry.errors))) }
        if !entry.subPath.isEmpty { fields.append(("subPath", path(entry.subPath))) }
        return object(fields)
    }

    static func path(_ path: [IndexPathValue]) -> Map {
        .array(path.map { step in
            switch step {
            case .index(let index): .number(Number(index))
            case .key(let key): .string(key)
            }
        })
    }

    private static func errors(_ errors: [GraphQL.GraphQLError]) -> Map {
        .array(errors.map(GraphQLResponseEncoding.errorObject))
    }

    private static func object(_ pairs: [(String, Map)]) -> Map {
        .dictionary(.init(uniqueKeysWithValues: pairs))
    }
}
