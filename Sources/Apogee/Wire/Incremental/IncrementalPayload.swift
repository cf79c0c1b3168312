import ApogeeAPI
import ApogeeStore

/// One payload of an incremental response, read from its JSON: the first, shaped like a
/// GraphQL response with `hasNext`, or a later one with `incremental` entries; in either
/// format (see ``IncrementalDeliveryFormat``).
struct IncrementalPayload: Sendable {
    /// Data for a place in the response so far.
    enum Content: Sendable {
        /// A deferred fragment's fields, merged into the object at the path.
        case data(JSONObject)
        /// A stream's items, appended to the list at the path.
        case items([JSONValue])
    }

    /// One entry of `incremental`.
    struct Increment: Sendable {
        /// The pending increment it belongs to, in the current format.
        var id: String?
        /// Where it goes, in the 2022 format; for items, the path ends with the first item's index.
        var path: ResponsePath?
        /// In the current format, the path below the pending increment's where the data goes.
        var subPath: ResponsePath?
        var content: Content
        var errors: [GraphQLError]
    }

    /// One entry of `completed`: a pending increment that will get no more data, with the
    /// errors that ended it, if any.
    struct Completion: Sendable {
        var id: String
        var errors: [GraphQLError]
    }

    /// `data`: absent (`nil`), or present and an object or `null`. Read in place when the
    /// payload was parsed from its text, as a plain response's data is.
    var data: ResponseData??
    var errors: [GraphQLError] = []
    var extensions: JSONObject?
    var pending: [PendingIncrement] = []
    var incremental: [Increment] = []
    var completed: [Completion] = []
    /// `nil` when the payload leaves it out: a response that is not incremental at all.
    var hasNext: Bool?

    /// Whether the payload says nothing: `{}`, which a server may send to keep the connection open.
    var isEmpty: Bool {
        data == nil && errors.isEmpty && extensions == nil && pending.isEmpty && incremental.isEmpty && completed.isEmpty && hasNext == nil
    }

    /// Reads a payload from a part's JSON text. The text is indexed as a `JSONDocument`: the
    /// first payload's `data` stays in it for the typed data and the store to read in place,
    /// and only the rest of the payload (small) becomes a tree.
    init(parsing bytes: some Collection<UInt8>) throws(InvalidResponseReason) {
        guard !bytes.isEmpty else { throw .emptyBody }
        let root: JSONDocument.Value
        do {
            root = try JSONDocument(parsing: bytes).root
        } catch let error as JSONParsingError {
            throw .malformedJSON(error)
        } catch {
            throw .notAGraphQLResponse("\(error)")
        }
        guard let members = root.members else {
            throw .notAGraphQLResponse("a payload is \(root.kindDescription), not an object")
        }
        var data: ResponseData??
        var rest = JSONObject(minimumCapacity: members.count)
        for (name, value) in members {
            guard name == "data" else {
                rest[name] = value.jsonValue
                continue
            }
            // The last of repeated names wins, as a tree's would.
            if value.isNull {
                data = .some(nil)
            } else if value.isObject {
                data = .some(.document(value))
            } else {
                throw .notAGraphQLResponse("'data' is \(value.kindDescription), not an object")
            }
        }
        try self.init(data: data, members: rest)
    }

    /// Reads a payload already parsed: a WebSocket message's or a server-sent event's.
    init(object: JSONObject) throws(InvalidResponseReason) {
        let data: ResponseData??
        switch object["data"] {
        case nil: data = nil
        case .null?: data = .some(nil)
        case .object(let fields)?: data = .some(.tree(fields))
        case let other?: throw .notAGraphQLResponse("'data' is \(other.kindDescription), not an object")
        }
        try self.init(data: data, members: object)
    }

    /// A payload of `data`, read already, and the payload's other members.
    private init(data: ResponseData??, members object: JSONObject) throws(InvalidResponseReason) {
        self.data = data
        errors = try Self.errors(object["errors"])
        extensions = object["extensions"]?.objectValue
        switch object["hasNext"] {
        case nil, .null?: hasNext = nil
        case .bool(let value)?: hasNext = value
        case let other?: throw .malformedIncrementalPayload("'hasNext' is \(other.kindDescription), not a boolean")
        }
        pending = try Self.entries(object["pending"], named: "pending") { entry throws(InvalidResponseReason) in
            guard let id = Self.id(entry["id"]) else { throw .malformedIncrementalPayload("an entry of 'pending' has no id") }
            guard let path = try Self.path(entry["path"]) else { throw .malformedIncrementalPayload("the pending entry \(id) has no path") }
            return PendingIncrement(id: id, path: path, label: entry["label"]?.stringValue)
        }
        incremental = try Self.entries(object["incremental"], named: "incremental") { entry throws(InvalidResponseReason) in
            let content: Content
            if let items = entry["items"] {
                guard let list = items.arrayValue else { throw .malformedIncrementalPayload("'items' is \(items.kindDescription), not a list") }
                content = .items(list)
            } else if let data = entry["data"] {
                guard let fields = data.objectValue else { throw .malformedIncrementalPayload("an increment's 'data' is \(data.kindDescription), not an object") }
                content = .data(fields)
            } else {
                throw .malformedIncrementalPayload("an entry of 'incremental' has neither 'data' nor 'items'")
            }
            let increment = Increment(
                id: Self.id(entry["id"]),
                path: try Self.path(entry["path"]),
                subPath: try Self.path(entry["subPath"]),
                content: content,
                errors: try Self.errors(entry["errors"])
            )
            guard increment.id != nil || increment.path != nil else {
                throw .malformedIncrementalPayload("an entry of 'incremental' has neither an id nor a path")
            }
            return increment
        }
        completed = try Self.entries(object["completed"], named: "completed") { entry throws(InvalidResponseReason) in
            guard let id = Self.id(entry["id"]) else { throw .malformedIncrementalPayload("an entry of 'completed' has no id") }
            return Completion(id: id, errors: try Self.errors(entry["errors"]))
        }
    }

    private static func entries<Entry>(
        _ value: JSONValue?,
        named name: String,
        _ read: (JSONObject) throws(InvalidResponseReason) -> Entry
    ) throws(InvalidResponseReason) -> [Entry] {
        switch value {
        case nil, .null?: return []
        case .array(let entries)?:
            var result: [Entry] = []
            result.reserveCapacity(entries.count)
            for entry in entries {
                guard let object = entry.objectValue else {
                    throw .malformedIncrementalPayload("an entry of '\(name)' is \(entry.kindDescription), not an object")
                }
                result.append(try read(object))
            }
            return result
        case let other?:
            throw .malformedIncrementalPayload("'\(name)' is \(other.kindDescription), not a list")
        }
    }

    private static func errors(_ value: JSONValue?) throws(InvalidResponseReason) -> [GraphQLError] {
        switch value {
        case nil, .null?: return []
        case .array(let entries)?: return try entries.map { entry throws(InvalidResponseReason) in try GraphQLError(json: entry) }
        case let other?: throw .notAGraphQLResponse("'errors' is \(other.kindDescription), not a list")
        }
    }

    /// An id: a string, or a number (the draft's own examples write some as numbers).
    private static func id(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let id)?: id
        case .int(let id)?: String(id)
        default: nil
        }
    }

    private static func path(_ value: JSONValue?) throws(InvalidResponseReason) -> ResponsePath? {
        switch value {
        case nil, .null?: return nil
        case .array(let components)?:
            var path = ResponsePath()
            for component in components {
                switch component {
                case .string(let name): path.components.append(.field(name))
                case .int(let index) where index >= 0: path.components.append(.index(index))
                default: throw .malformedIncrementalPayload("a path has \(component.kindDescription) among its steps")
                }
            }
            return path
        case let other?:
            throw .malformedIncrementalPayload("a path is \(other.kindDescription), not a list")
        }
    }
}
