import ApogeeAPI
import ApogeeStore

/// The response so far of an operation delivered incrementally: each payload merged into the
/// data before it, in either format (see ``IncrementalDeliveryFormat``).
///
/// A deferred fragment's data is merged into the object at its path; a stream's items are
/// appended to the list at its path. Errors gather: an increment's errors, and those of a
/// fragment or stream that failed as a whole, join the first payload's. A payload whose data
/// has no place in the response so far (under a `null` that an error left) is dropped, as the
/// server's own response would have had nothing there.
struct IncrementalResponse: Sendable {
    /// The data so far; `nil` before the first payload, or when it was `null`. Read in place
    /// when the payloads came as text (each increment merged into a new document that reads
    /// the texts so far), a tree when they came parsed.
    private(set) var responseData: ResponseData?
    /// The data so far, as a tree.
    var data: JSONObject? { responseData?.tree }
    private(set) var errors: [GraphQLError] = []
    private(set) var extensions: JSONObject?
    /// The announced increments not completed yet, in the order they were announced.
    private(set) var pending: [PendingIncrement] = []
    /// Whether the last payload said more will follow.
    private(set) var hasNext = true
    /// Whether the first payload has come.
    private(set) var hasInitialPayload = false
    /// What the last payload added, each at its place in the data: what the store writes of
    /// it. `nil` after the first payload, which the store writes whole.
    private(set) var lastIncrements: [ResponseIncrement]?

    /// Merges the next payload.
    /// - Throws: ``InvalidResponseReason`` when it does not fit the response so far: no data
    ///   or errors in the first payload, an increment for an id never announced, one for a
    ///   path that does not lead to an object or a list.
    mutating func apply(_ payload: IncrementalPayload) throws(InvalidResponseReason) {
        if !hasInitialPayload {
            let data = payload.data ?? nil
            guard data != nil || !payload.errors.isEmpty else {
                throw payload.data == nil ? .notAGraphQLResponse("it has neither 'data' nor 'errors'") : .nullDataWithoutErrors
            }
            applyInitial(data: data, payload)
            return
        }
        guard payload.data == nil else {
            throw .malformedIncrementalPayload("a payload after the first has 'data'")
        }
        lastIncrements = []
        pending.append(contentsOf: payload.pending)
        errors.append(contentsOf: payload.errors)
        for increment in payload.incremental {
            try merge(increment)
        }
        for completion in payload.completed {
            guard let index = pending.firstIndex(where: { $0.id == completion.id }) else {
                throw .malformedIncrementalPayload("'completed' names the id \(completion.id), which no pending entry announced")
            }
            pending.remove(at: index)
            errors.append(contentsOf: completion.errors)
        }
        mergeExtensions(payload.extensions)
        // A payload without `hasNext` ends the response: nothing says more will come.
        hasNext = payload.hasNext ?? false
    }

    private mutating func applyInitial(data: ResponseData?, _ payload: IncrementalPayload) {
        hasInitialPayload = true
        responseData = data
        errors = payload.errors
        extensions = payload.extensions
        pending = payload.pending
        hasNext = payload.hasNext ?? false
    }

    private mutating func mergeExtensions(_ new: JSONObject?) {
        guard let new else { return }
        if extensions == nil { extensions = new } else { extensions?.mergeDeeply(new) }
    }

    private mutating func merge(_ increment: IncrementalPayload.Increment) throws(InvalidResponseReason) {
        errors.append(contentsOf: increment.errors)
        var path: ResponsePath
        if let id = increment.id {
            guard let announced = pending.first(where: { $0.id == id }) else {
                throw .malformedIncrementalPayload("an increment for the id \(id), which no pending entry announced")
            }
            path = announced.path
            if let subPath = increment.subPath { path.components += subPath.components }
        } else if let given = increment.path {
            path = given
        } else {
            throw .malformedIncrementalPayload("an increment with neither an id nor a path")
        }
        if case .document(let root)? = responseData, root.readsText {
            switch increment.content {
            case .parsedData(let fields) where fields.readsText:
                return try mergeInPlace(fields, at: path, into: root)
            case .parsedItems(let items) where items.readsText:
                return try spliceInPlace(items, at: path, increment: increment, into: root)
            default:
                break
            }
        }
        switch increment.content {
        case .data(let fields): try mergeIntoTree(fields, at: path)
        case .parsedData(let fields): try mergeIntoTree(fields.jsonValue.objectValue ?? [:], at: path)
        case .items(let items): try spliceIntoTree(items, at: path, increment: increment)
        case .parsedItems(let items): try spliceIntoTree(items.jsonValue.arrayValue ?? [], at: path, increment: increment)
        }
    }

    /// Merges a deferred fragment's fields read in place into data read in place: the merged
    /// data is a new document that reads both texts, so neither becomes a tree.
    private mutating func mergeInPlace(_ fields: JSONDocument.Value, at path: ResponsePath, into root: JSONDocument.Value) throws(InvalidResponseReason) {
        guard let place = try Self.place(at: path.components[...], in: root) else { return }
        let target = place.last ?? root
        guard target.isObject else { throw Self.notAnObject(target.kindDescription, at: path) }
        responseData = .document(root.merging(fields, intoObjectAt: place))
        lastIncrements?.append(ResponseIncrement(path: path, content: .fields(fields.members?.map(\.name) ?? [])))
    }

    /// Places a stream's items read in place into data read in place, as ``mergeInPlace(_:at:into:)`` does.
    private mutating func spliceInPlace(
        _ items: JSONDocument.Value,
        at path: ResponsePath,
        increment: IncrementalPayload.Increment,
        into root: JSONDocument.Value
    ) throws(InvalidResponseReason) {
        let (listPath, firstIndex) = Self.listPlace(path, increment: increment)
        guard let place = try Self.place(at: listPath, in: root) else { return }
        let target = place.last ?? root
        guard let count = target.listCount else { throw Self.notAList(target.kindDescription, at: path) }
        let first = min(firstIndex ?? count, count)
        responseData = .document(root.splicing(items, intoListAt: place, from: first))
        lastIncrements?.append(ResponseIncrement(path: ResponsePath(Array(listPath)), content: .items(start: first)))
    }

    /// Merges a deferred fragment's fields into the data as a tree.
    private mutating func mergeIntoTree(_ fields: JSONObject, at path: ResponsePath) throws(InvalidResponseReason) {
        // Taken out, so that the merge edits the one copy in place.
        guard var data = responseData.take()?.tree else { return }
        defer { responseData = .tree(data) }
        var placed = false
        try Self.update(&data, at: path.components[...]) { value throws(InvalidResponseReason) in
            guard case .object(var object) = value else {
                throw Self.notAnObject(value.kindDescription, at: path)
            }
            value = .null  // Drops the tree's reference so the merge copies nothing.
            object.mergeDeeply(fields)
            value = .object(object)
            placed = true
        }
        // Data with no place (under a `null`) leaves the store nothing to write.
        if placed {
            lastIncrements?.append(ResponseIncrement(path: path, content: .fields(Array(fields.keys))))
        }
    }

    /// Places a stream's items into the data as a tree.
    private mutating func spliceIntoTree(_ items: [JSONValue], at path: ResponsePath, increment: IncrementalPayload.Increment) throws(InvalidResponseReason) {
        guard var data = responseData.take()?.tree else { return }
        defer { responseData = .tree(data) }
        let (listPath, firstIndex) = Self.listPlace(path, increment: increment)
        var start: Int?
        try Self.update(&data, at: listPath) { value throws(InvalidResponseReason) in
            guard case .array(var list) = value else {
                throw Self.notAList(value.kindDescription, at: path)
            }
            value = .null
            let first = min(firstIndex ?? list.count, list.count)
            list.replaceSubrange(first..<min(first + items.count, list.count), with: items)
            value = .array(list)
            start = first
        }
        if let start {
            lastIncrements?.append(ResponseIncrement(path: ResponsePath(Array(listPath)), content: .items(start: start)))
        }
    }

    /// The values from below `root` down to the one `path` leads to, each inside the one
    /// before; `nil` when the path ends at `null` or at a missing field, as ``update(_:at:_:)``
    /// finds it.
    private static func place(
        at path: ArraySlice<ResponsePath.Component>,
        in root: JSONDocument.Value
    ) throws(InvalidResponseReason) -> [JSONDocument.Value]? {
        var place: [JSONDocument.Value] = []
        place.reserveCapacity(path.count)
        var value = root
        var rest = path
        while let step = rest.first {
            if value.isNull { return nil }
            switch step {
            case .field(let name) where value.isObject:
                guard let child = value.member(name) else { return nil }
                value = child
            case .index(let index) where value.listCount != nil:
                guard let child = value.element(at: index) else {
                    throw .malformedIncrementalPayload("the path '\(ResponsePath(Array(rest)))' has an index past the list's end")
                }
                value = child
            default:
                throw .malformedIncrementalPayload("a path step '\(step)' meets \(value.kindDescription)")
            }
            place.append(value)
            rest = rest.dropFirst()
        }
        return value.isNull ? nil : place
    }

    /// Where a stream's items go: the list's path, and the first item's index when the path
    /// gives it. The current format points at the list; the 2022 one at the first item's index.
    private static func listPlace(
        _ path: ResponsePath,
        increment: IncrementalPayload.Increment
    ) -> (list: ArraySlice<ResponsePath.Component>, firstIndex: Int?) {
        var listPath = path.components[...]
        if increment.id == nil, case .index(let index)? = listPath.last {
            listPath = listPath.dropLast()
            return (listPath, index)
        }
        return (listPath, nil)
    }

    private static func notAnObject(_ kind: String, at path: ResponsePath) -> InvalidResponseReason {
        .malformedIncrementalPayload("deferred data for '\(path)', which is \(kind), not an object")
    }

    private static func notAList(_ kind: String, at path: ResponsePath) -> InvalidResponseReason {
        .malformedIncrementalPayload("streamed items for '\(path)', which is \(kind), not a list")
    }

    /// Changes the value at `path` under `root` in place. A path that ends at `null` or at a
    /// missing field changes nothing: an error nulled that part of the response.
    private static func update(
        _ root: inout JSONObject,
        at path: ArraySlice<ResponsePath.Component>,
        _ change: (inout JSONValue) throws(InvalidResponseReason) -> Void
    ) throws(InvalidResponseReason) {
        // Taken out, so that the change edits the one copy in place.
        var value = JSONValue.object(root)
        root = [:]
        defer { root = value.objectValue ?? [:] }
        try update(&value, at: path, change)
    }

    private static func update(
        _ value: inout JSONValue,
        at path: ArraySlice<ResponsePath.Component>,
        _ change: (inout JSONValue) throws(InvalidResponseReason) -> Void
    ) throws(InvalidResponseReason) {
        guard let step = path.first else {
            if value.isNull { return }
            try change(&value)
            return
        }
        switch (step, value) {
        case (.field(let name), .object(var object)):
            guard var child = object[name] else { return }
            value = .null
            object[name] = nil
            defer {
                object[name] = child
                value = .object(object)
            }
            try update(&child, at: path.dropFirst(), change)
        case (.index(let index), .array(var list)):
            guard list.indices.contains(index) else {
                throw .malformedIncrementalPayload("the path '\(ResponsePath(Array(path)))' has an index past the list's end")
            }
            var child = list[index]
            value = .null
            list[index] = .null
            defer {
                list[index] = child
                value = .array(list)
            }
            try update(&child, at: path.dropFirst(), change)
        case (_, .null):
            return
        default:
            throw .malformedIncrementalPayload("a path step '\(step)' meets \(value.kindDescription)")
        }
    }

    /// The response so far, as one GraphQL response.
    var body: GraphQLResponseBody {
        GraphQLResponseBody(data: responseData, errors: errors, extensions: extensions)
    }
}

extension GraphQLResult where Data: RootSelectionSet {
    /// Decodes the response so far of an incremental delivery: all its data, the errors of
    /// every payload, and what is still pending.
    init(decoding response: IncrementalResponse, metadata: ResponseMetadata) throws {
        try self.init(decoding: response.body, metadata: metadata)
        hasNext = response.hasNext
        pendingIncrements = response.pending
        serverIncrements = response.lastIncrements
    }
}
