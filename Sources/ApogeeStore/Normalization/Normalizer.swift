import ApogeeAPI

/// The records of a response, before they are merged into the store.
typealias NormalizedRecords = [CacheKey: [String: RecordValue]]

/// The field an object's key was made from, by its name in the response, and its value
/// there; none when the key came from several fields, a closure or the path.
struct KeyField {
    var responseKey = ""
    var value: JSONValue?
}

/// Splits response data into records by walking the generated selections alongside the
/// JSON: no reflection, and no parsing of the operation at run time.
struct Normalizer {
    let variables: JSONObject
    let keyPolicy: CacheKeyPolicy
    /// The keys the schema declares, by type; the key policy wins for the types it names.
    let declaredKeyFields: [String: [String]]
    private(set) var records: NormalizedRecords = [:]
    /// The connection records written (fields with `@connection`), with the page each holds,
    /// for the transaction to merge with the edges already stored.
    private(set) var connections: [CacheKey: ConnectionPage] = [:]
    /// The pages of `@paginated` lists written, for the transaction to merge with the items
    /// already stored.
    private(set) var listPages: [ListPageWrite] = []
    /// The objects that hold a page of a `@paginated` list in one of their fields, by key.
    private var pageObjects: [CacheKey: PageObject] = [:]
    /// List indices from the response's root to the element being normalized, used only to
    /// build the path key of an object that has no key of its own.
    var indices: [Int] = []
    /// Where the current object's own indices start in `indices`: those before it lead to
    /// the object, whose record a path key below it starts from.
    var indicesStart = 0
    /// Whether to note the record key of each object whose `__id` is selected. Off unless
    /// the operation selects `__id`, so that other writes do not track response paths.
    private let collectsClientIDs: Bool
    /// What becomes of local fields: the app's own writes store them; a server result (or a
    /// guess at one) never carries them, so they keep what the store has.
    private let localFields: LocalFieldWrites
    /// Whether the walk keeps its place in the response: only to note `__id` or local fields.
    private let tracksPath: Bool
    /// Where the walk is in the response, kept only when ``tracksPath``.
    private var responsePath: [ResponsePath.Component] = []
    /// The record key of each object whose `__id` is selected, by its path in the response:
    /// what the server's data lacks, since `__id` is the store's.
    private(set) var clientIDs: [ResponsePath: CacheKey] = [:]
    /// Each local field a server result left unwritten, by its path in the response, with the
    /// record that holds it: where the client puts the store's value. Noted only with
    /// ``LocalFieldWrites/keptAndNoted``.
    private(set) var keptLocalFields: [ResponsePath: LocalFieldRead] = [:]
    /// The key rules of the types met so far, in the order met; see ``keyRule(for:)``.
    private var keyRules: [(typename: String, rule: CacheKeyPolicy.KeyRule)] = []

    /// - Parameter expectedRecords: How many records the response may make, at most, when
    ///   the caller knows: the table of records is made that large at once.
    init(
        variables: JSONObject,
        keyPolicy: CacheKeyPolicy,
        declaredKeyFields: [String: [String]],
        collectsClientIDs: Bool = false,
        localFields: LocalFieldWrites = .written,
        expectedRecords: Int = 0
    ) {
        records.reserveCapacity(expectedRecords)
        self.variables = variables
        self.keyPolicy = keyPolicy
        self.declaredKeyFields = declaredKeyFields
        self.collectsClientIDs = collectsClientIDs
        self.localFields = localFields
        self.tracksPath = collectsClientIDs || localFields == .keptAndNoted
    }

    /// Normalizes one object, stored under `key`, and everything below it. `declaredType` is
    /// the schema type the selections are made on; it stands in for a missing `__typename`
    /// (roots have none), which is right whenever it is an object type.
    ///
    /// `keyField` is the field the key was made from, with its value as the key read it.
    mutating func normalize<JSON: ResponseJSON>(
        _ object: JSON,
        as key: CacheKey,
        selections: [Selection],
        declaredType: String,
        keyField: KeyField = KeyField()
    ) throws(NormalizationError) {
        let responseTypename = object.member("__typename")?.stringValue
        try normalizeObject(
            object, as: key, selections: selections, responseTypename: responseTypename,
            typename: responseTypename ?? declaredType, keyField: keyField)
    }

    /// ``normalize(_:as:selections:declaredType:keyField:)`` once the object's `__typename`
    /// has been read: an object in a field has it read to find its key.
    ///
    /// With `onlyResponseKeys`, only the object's fields of those names are written (with
    /// its `__typename` and key): a deferred fragment's, when the object has the others from
    /// an earlier payload.
    mutating func normalizeObject<JSON: ResponseJSON>(
        _ object: JSON,
        as key: CacheKey,
        selections: [Selection],
        responseTypename: String?,
        typename: String,
        keyField: KeyField,
        onlyResponseKeys: [String]? = nil
    ) throws(NormalizationError) {
        var fields: [String: RecordValue]
        if let index = records.index(forKey: key) {
            // An object met again in this response (an author of many comments, say) adds to
            // the record already made: merging a second one into it would hash every field again.
            // An empty record holds its place meanwhile.
            fields = records.values[index]
            records.values[index] = [:]
        } else {
            fields = [String: RecordValue](minimumCapacity: Selection.fieldCount(selections))
        }
        // Paths below this object start at its own record, not at the list that holds it.
        // Marked by where they start rather than by emptying the list: emptying a list the
        // saved copy shares would allocate a new one for every object inside a list.
        let outerStart = indicesStart
        indicesStart = indices.count
        defer { indicesStart = outerStart }
        try collect(
            object, typename: typename, responseTypename: responseTypename, keyField: keyField, key: key, selections: selections,
            onlyResponseKeys: onlyResponseKeys, into: &fields)
        put(fields, of: key)
    }

    /// Puts the fields of an object into its record: in place of the empty one holding its
    /// place, or merged over what the object's own fields wrote of it meanwhile (an object
    /// that contains itself). The key is hashed once unless there is something to merge.
    mutating func put(_ fields: [String: RecordValue], of key: CacheKey) {
        guard var record = records.updateValue(fields, forKey: key), !record.isEmpty else { return }
        record.merge(fields) { _, new in new }
        records[key] = record
    }

    private mutating func collect<JSON: ResponseJSON>(
        _ object: JSON,
        typename: String,
        responseTypename: String?,
        keyField: KeyField,
        key: CacheKey,
        selections: [Selection],
        onlyResponseKeys: [String]? = nil,
        into fields: inout [String: RecordValue]
    ) throws(NormalizationError) {
        for selection in selections {
            switch selection {
            case .field(let field):
                guard !field.hasConditions || Selection.Condition.allPass(field.conditions, with: variables) else { continue }
                // `__id` is computed by the store, never sent by the server.
                if field.isClientID {
                    if collectsClientIDs { clientIDs[ResponsePath(responsePath + [.field(field.responseKey)])] = key }
                    continue
                }
                if field.isLocal, localFields != .written {
                    if localFields == .keptAndNoted {
                        keptLocalFields[ResponsePath(responsePath + [.field(field.responseKey)])] = LocalFieldRead(key: key, field: field, variables: variables)
                    }
                    continue
                }
                // Read already, before the fields: not looked up and made a string again.
                if field.isResponseTypename, let responseTypename {
                    fields[field.storageKey(with: variables)] = RecordValue(scalar: .string(responseTypename))
                    continue
                }
                // So was the value the key was made from (most objects' `id`, a string of some
                // thirty bytes).
                if let keyValue = keyField.value, !field.selectsObject, field.responseKey == keyField.responseKey {
                    fields[field.storageKey(with: variables)] = RecordValue(scalar: keyValue)
                    continue
                }
                // A field the response leaves out is not written, so it stays missing.
                if let onlyResponseKeys, !onlyResponseKeys.contains(field.responseKey) { continue }
                guard let value = object.member(field.responseKey) else { continue }
                if tracksPath { responsePath.append(.field(field.responseKey)) }
                defer { if tracksPath { responsePath.removeLast() } }
                let storageKey = field.storageKey(with: variables)
                // A field that selects no object is kept as the server sent it, whatever its
                // list and non-null wrappers, as `normalizeValue` would keep it: written here
                // without copying the field's type out to walk it.
                if !field.selectsObject {
                    fields[storageKey] = value.scalarRecordValue
                    continue
                }
                if !pageObjects.isEmpty, let pageObject = pageObjects[key], field.name == pageObject.itemsField {
                    fields[storageKey] = try normalizeListPage(value, type: field.type, in: key, field: storageKey, at: pageObject.position)
                    continue
                }
                // Only a field with `@connection` or `@paginated` has pages; most fields have no
                // directives at all.
                guard field.hasDirectives else {
                    fields[storageKey] = try normalizeValue(value, type: field.type, parent: key, field: storageKey)
                    continue
                }
                if let paginated = PaginatedDirective(field) {
                    let position = paginated.position(arguments: field.arguments, variables: variables)
                    if let itemsField = paginated.itemsField {
                        let pageObject = PageObject(itemsField: itemsField, position: position)
                        fields[storageKey] = try normalizeValue(value, type: field.type, parent: key, field: storageKey, pageObject: pageObject)
                    } else {
                        fields[storageKey] = try normalizeListPage(value, type: field.type, in: key, field: storageKey, at: position)
                    }
                    continue
                }
                let page = ConnectionDirective(field).map { _ in ConnectionDirective.page(arguments: field.arguments, variables: variables) }
                fields[storageKey] = try normalizeValue(value, type: field.type, parent: key, field: storageKey, connectionPage: page)
            case .inlineFragment(let fragment):
                guard Selection.Condition.allPass(fragment.conditions, with: variables) else { continue }
                if let condition = fragment.typeCondition, !condition.matches(typename) { continue }
                try collect(
                    object, typename: typename, responseTypename: responseTypename, keyField: keyField, key: key, selections: fragment.selections,
                    onlyResponseKeys: onlyResponseKeys, into: &fields)
            case .fragmentSpread(let spread):
                guard Selection.Condition.allPass(spread.conditions, with: variables),
                      spread.typeCondition.matches(typename) else { continue }
                try collect(
                    object, typename: typename, responseTypename: responseTypename, keyField: keyField, key: key, selections: spread.selections,
                    onlyResponseKeys: onlyResponseKeys, into: &fields)
            }
        }
    }

    /// One value of a field. `field` names the field in the keys of objects below it that have
    /// none of their own, and a list's first element is numbered `firstIndex` there.
    mutating func normalizeValue<JSON: ResponseJSON>(
        _ value: JSON,
        type: Selection.FieldType,
        parent: CacheKey,
        field: String,
        connectionPage: ConnectionPage? = nil,
        pageObject: PageObject? = nil,
        firstIndex: Int = 0
    ) throws(NormalizationError) -> RecordValue {
        switch type {
        case .nonNull(let inner):
            return try normalizeValue(
                value, type: inner, parent: parent, field: field, connectionPage: connectionPage, pageObject: pageObject, firstIndex: firstIndex)
        case .scalar:
            return value.scalarRecordValue
        case .object(let typeName, let selections):
            if value.isNull { return .null(explainedBy: value.fieldErrors) }
            guard value.isObject else {
                throw NormalizationError(key: parent, field: field, expected: "an object", found: value.kindDescription)
            }
            let child = identify(value, declaredType: typeName, parent: parent, field: field)
            if let connectionPage { connections[child.key] = connectionPage }
            if let pageObject { pageObjects[child.key] = pageObject }
            try normalizeObject(
                value, as: child.key, selections: selections, responseTypename: child.responseTypename,
                typename: child.typename, keyField: child.keyField)
            return .reference(child.key)
        case .list(let inner):
            // Lists of scalars are kept whole, as the server sent them.
            if inner.selections == nil { return value.scalarRecordValue }
            if value.isNull { return .null(explainedBy: value.fieldErrors) }
            switch value.elements {
            case let elements?:
                var values: [RecordValue] = []
                values.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    indices.append(firstIndex + index)
                    if tracksPath { responsePath.append(.index(index)) }
                    defer {
                        indices.removeLast()
                        if tracksPath { responsePath.removeLast() }
                    }
                    values.append(try normalizeValue(element, type: inner, parent: parent, field: field))
                }
                return .list(values)
            case nil:
                throw NormalizationError(key: parent, field: field, expected: "a list", found: value.kindDescription)
            }
        }
    }

    /// A page of a `@paginated` list, in `field` of the record `record`: normalized with the
    /// items that have no key of their own kept apart from the other pages' (see
    /// ``ListPagePosition/itemsPathName(_:)``), and noted for the transaction to merge.
    private mutating func normalizeListPage<JSON: ResponseJSON>(
        _ value: JSON,
        type: Selection.FieldType,
        in record: CacheKey,
        field: String,
        at position: ListPagePosition
    ) throws(NormalizationError) -> RecordValue {
        let items = try normalizeValue(value, type: type, parent: record, field: position.itemsPathName(field), firstIndex: position.firstIndex)
        listPages.append(ListPageWrite(record: record, itemsField: field, position: position))
        return items
    }

    /// An object that holds a page of a `@paginated` list: which of its fields is the list,
    /// and where the page goes.
    struct PageObject {
        var itemsField: String
        var position: ListPagePosition
    }

    /// An object in a field, as the store knows it: its type, and the record it is kept in.
    struct ObjectIdentity {
        var key: CacheKey
        var typename: String
        var responseTypename: String?
        var keyField: KeyField
    }

    /// Works out which record holds `object`, met in `field` of `parent` (with the list
    /// indices walked since `parent` in ``indices``): its key by the key policy, else its
    /// place in a connection, else its path.
    mutating func identify<JSON: ResponseJSON>(_ object: JSON, declaredType: String, parent: CacheKey, field: String) -> ObjectIdentity {
        let responseTypename = object.member("__typename")?.stringValue
        let typename = responseTypename ?? declaredType
        let rule = keyRule(for: typename)
        var keyField = KeyField(responseKey: rule.singleField ?? "")
        let key = keyPolicy.key(typename: typename, object: object, rule: rule, keyValue: &keyField.value)
            ?? edgeKey(parent: parent, field: field, object: object)
            ?? pathKey(parent: parent, field: field)
        return ObjectIdentity(key: key, typename: typename, responseTypename: responseTypename, keyField: keyField)
    }

    /// How objects of `typename` get their key, worked out once for each type: a response
    /// has a handful of types, often alternating (an issue, its author, its comments, theirs),
    /// and comparing names, which are mostly short enough to be compared as two words, costs
    /// less than hashing them into the policy's tables.
    private mutating func keyRule(for typename: String) -> CacheKeyPolicy.KeyRule {
        for known in keyRules where known.typename == typename { return known.rule }
        let rule = keyPolicy.rule(for: typename, declaredKeyFields: declaredKeyFields)
        // A response with many types remembers the first few, which is enough to be quick
        // for the rest of them without a table that grows.
        if keyRules.count < Self.keyRulesRemembered { keyRules.append((typename, rule)) }
        return rule
    }

    private static let keyRulesRemembered = 16

    /// `connection.edges(cursor)`: where an edge of a connection lives. Keyed by its cursor
    /// rather than its position, so that the edges of two pages never share a record.
    private func edgeKey<JSON: ResponseJSON>(parent: CacheKey, field: String, object: JSON) -> CacheKey? {
        guard !connections.isEmpty, field == "edges", connections[parent] != nil,
              let cursor = object.member("cursor")?.stringValue else { return nil }
        return ConnectionRecords.edgeKey(connection: parent, cursor: cursor)
    }

    /// `parent.field.0.1`: where an object without a key of its own lives.
    ///
    /// Written into one buffer: a response has many such objects (every page info, every
    /// object without an `id`), and appending piece by piece, with a string made for each
    /// index, was most of the cost of keying them.
    private func pathKey(parent: CacheKey, field: String) -> CacheKey {
        CacheKey(joining: parent.rawValue, UInt8(ascii: "."), field, indices: indices[indicesStart...])
    }
}
