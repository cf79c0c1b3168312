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
        /// A deferred fragment's fields, read in place from the payload's text (an object).
        case parsedData(JSONDocument.Value)
        /// A stream's items, read in place from the payload's text (a list).
        case parsedItems(JSONDocument.Value)
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

    /// Reads a payload from a part's JSON text. The text is indexed as a `JSONDocument` and
    /// read in place: the first payload's `data` and each increment's `data` or `items` stay
    /// in it, for the merge, the typed data and the store to read, and only errors and
    /// extensions become trees.
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
        guard root.isObject else {
            throw .notAGraphQLResponse("a payload is \(root.kindDescription), not an object")
        }
        try self.init(reading: root)
    }

    /// Reads a payload already parsed: a WebSocket message's or a server-sent event's.
    init(object: JSONObject) throws(InvalidResponseReason) {
        try self.init(reading: JSONValue.object(object))
    }

    /// Reads a payload's members, from a tree or in place from a document.
    private init<JSON: PayloadJSON>(reading object: JSON) throws(InvalidResponseReason) {
        switch object.member("data") {
        case nil: data = nil
        case let value? where value.isNull: data = .some(nil)
        case let value? where value.isObject: data = .some(value.responseData)
        case let other?: throw .notAGraphQLResponse("'data' is \(other.kindDescription), not an object")
        }
        errors = try Self.errors(object.member("errors"))
        extensions = object.member("extensions")?.jsonValue.objectValue
        switch object.member("hasNext") {
        case nil: hasNext = nil
        case let value? where value.isNull: hasNext = nil
        case let value?:
            guard let bool = value.boolValue else {
                throw .malformedIncrementalPayload("'hasNext' is \(value.kindDescription), not a boolean")
            }
            hasNext = bool
        }
        pending = try Self.entries(object.member("pending"), named: "pending") { entry throws(InvalidResponseReason) in
            guard let id = Self.id(entry.member("id")) else { throw .malformedIncrementalPayload("an entry of 'pending' has no id") }
            guard let path = try Self.path(entry.member("path")) else { throw .malformedIncrementalPayload("the pending entry \(id) has no path") }
            return PendingIncrement(id: id, path: path, label: entry.member("label")?.stringValue)
        }
        incremental = try Self.entries(object.member("incremental"), named: "incremental") { entry throws(InvalidResponseReason) in
            let content: Content
            if let items = entry.member("items") {
                guard items.isList else { throw .malformedIncrementalPayload("'items' is \(items.kindDescription), not a list") }
                content = items.itemsContent
            } else if let data = entry.member("data") {
                guard data.isObject else { throw .malformedIncrementalPayload("an increment's 'data' is \(data.kindDescription), not an object") }
                content = data.dataContent
            } else {
                throw .malformedIncrementalPayload("an entry of 'incremental' has neither 'data' nor 'items'")
            }
            let increment = Increment(
                id: Self.id(entry.member("id")),
                path: try Self.path(entry.member("path")),
                subPath: try Self.path(entry.member("subPath")),
                content: content,
                errors: try Self.errors(entry.member("errors"))
            )
            guard increment.id != nil || increment.path != nil else {
                throw .malformedIncrementalPayload("an entry of 'incremental' has neither an id nor a path")
            }
            return increment
        }
        completed = try Self.entries(object.member("completed"), named: "completed") { entry throws(InvalidResponseReason) in
            guard let id = Self.id(entry.member("id")) else { throw .malformedIncrementalPayload("an entry of 'completed' has no id") }
            return Completion(id: id, errors: try Self.errors(entry.member("errors")))
        }
    }

    private static func entries<JSON: PayloadJSON, Entry>(
        _ value: JSON?,
        named name: String,
        _ read: (JSON) throws(InvalidResponseReason) -> Entry
    ) throws(InvalidResponseReason) -> [Entry] {
        guard let value, !value.isNull else { return [] }
        guard let entries = value.elements else {
            throw .malformedIncrementalPayload("'\(name)' is \(value.kindDescription), not a list")
        }
        var result: [Entry] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            guard entry.isObject else {
                throw .malformedIncrementalPayload("an entry of '\(name)' is \(entry.kindDescription), not an object")
            }
            result.append(try read(entry))
        }
        return result
    }

    private static func errors<JSON: PayloadJSON>(_ value: JSON?) throws(InvalidResponseReason) -> [GraphQLError] {
        guard let value, !value.isNull else { return [] }
        guard let entries = value.elements else {
            throw .notAGraphQLResponse("'errors' is \(value.kindDescription), not a list")
        }
        return try entries.map { entry throws(InvalidResponseReason) in try GraphQLError(json: entry.jsonValue) }
    }

    /// An id: a string, or a number (the draft's own examples write some as numbers).
    private static func id<JSON: PayloadJSON>(_ value: JSON?) -> String? {
        guard let value else { return nil }
        return value.stringValue ?? value.intValue.map { String($0) }
    }

    private static func path<JSON: PayloadJSON>(_ value: JSON?) throws(InvalidResponseReason) -> ResponsePath? {
        guard let value, !value.isNull else { return nil }
        guard let components = value.elements else {
            throw .malformedIncrementalPayload("a path is \(value.kindDescription), not a list")
        }
        var path = ResponsePath()
        path.components.reserveCapacity(components.count)
        for component in components {
            if let name = component.stringValue {
                path.components.append(.field(name))
            } else if let index = component.intValue, index >= 0 {
                path.components.append(.index(index))
            } else {
                throw .malformedIncrementalPayload("a path has \(component.kindDescription) among its steps")
            }
        }
        return path
    }
}

/// A payload's JSON as ``IncrementalPayload`` reads it: a tree (a WebSocket message), or a
/// value of a parsed document read in place (a part of a `multipart/mixed` body); the store's
/// reader of response JSON, with what a payload's other members need.
private protocol PayloadJSON: ResponseJSON {
    var isList: Bool { get }
    var intValue: Int? { get }
    var boolValue: Bool? { get }
    /// An object, as the store and typed decoding take a response's data.
    var responseData: ResponseData { get }
    /// An object, as a deferred fragment's fields.
    var dataContent: IncrementalPayload.Content { get }
    /// A list, as a stream's items.
    var itemsContent: IncrementalPayload.Content { get }
}

extension JSONValue: PayloadJSON {
    fileprivate var isList: Bool { arrayValue != nil }

    fileprivate var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    fileprivate var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    fileprivate var responseData: ResponseData { .tree(objectValue ?? [:]) }
    fileprivate var dataContent: IncrementalPayload.Content { .data(objectValue ?? [:]) }
    fileprivate var itemsContent: IncrementalPayload.Content { .items(arrayValue ?? []) }
}

extension JSONDocument.Value: PayloadJSON {
    fileprivate var isList: Bool { listCount != nil }
    fileprivate var responseData: ResponseData { .document(self) }
    fileprivate var dataContent: IncrementalPayload.Content { .parsedData(self) }
    fileprivate var itemsContent: IncrementalPayload.Content { .parsedItems(self) }
}
