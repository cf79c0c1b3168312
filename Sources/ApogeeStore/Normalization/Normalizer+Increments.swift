import ApogeeAPI

extension Normalizer {
    /// Normalizes what one payload of an incremental delivery added, and nothing else: the
    /// objects on the way to it are only identified, so that the increment lands in the
    /// records the whole response would have written it to.
    ///
    /// `response` is the data with the increment merged in (and the `null`s of failed fields
    /// left out), rooted at `root` with `selections` made on `declaredType`. A deferred
    /// fragment's fields, as `response` has them, are normalized into the record of the
    /// object at the increment's path; a streamed list's field is written whole (its
    /// elements by reference), with only the new items normalized.
    ///
    /// - Returns: `false` when the increment cannot be placed alone, and nothing of it was
    ///   normalized: its path crosses a `@connection` or `@paginated` field, whose pages the
    ///   store merges from a whole page; the caller writes the whole response instead.
    mutating func normalize<JSON: ResponseJSON>(
        _ increment: ResponseIncrement,
        in response: JSON,
        root: CacheKey,
        selections rootSelections: [Selection],
        declaredType: String
    ) throws(NormalizationError) -> Bool {
        var object = response
        var key = root
        let rootTypename = response.member("__typename")?.stringValue
        var identity = ObjectIdentity(key: root, typename: rootTypename ?? declaredType, responseTypename: rootTypename, keyField: KeyField())
        var selections = rootSelections
        var path = increment.path.components[...]
        indices.removeAll(keepingCapacity: true)
        indicesStart = 0
        while case .field(let name)? = path.first {
            path = path.dropFirst()
            let fields = Self.fields(named: name, in: selections, typename: identity.typename, variables: variables)
            guard let field = fields.first else {
                throw NormalizationError(key: key, field: name, expected: "a field the operation selects", found: "an increment's path through it")
            }
            if field.hasDirectives, ConnectionDirective(field) != nil || PaginatedDirective(field) != nil { return false }
            // A place an error nulled, or an increment the response dropped: nothing to write.
            guard let value = object.member(name), !value.isNull else { return true }
            let storageKey = field.storageKey(with: variables)
            // One type with the selections of every place the field is selected.
            let mergedType = fields.dropFirst().reduce(field.type) { $0.addingSelections(of: $1.type) }
            if path.isEmpty, case .items(let start) = increment.content {
                let list = try normalizeStreamedList(value, type: mergedType, parent: key, field: storageKey, newFrom: start)
                put([storageKey: list], of: key)
                return true
            }
            // Down the field's lists, by the path's indices, to the object it leads to.
            var type = mergedType
            var current = value
            while true {
                if case .nonNull(let inner) = type { type = inner; continue }
                guard case .list(let inner) = type else { break }
                guard case .index(let index)? = path.first, let elements = current.elements, elements.indices.contains(index) else {
                    throw NormalizationError(key: key, field: storageKey, expected: "a list index in the increment's path", found: current.kindDescription)
                }
                path = path.dropFirst()
                indices.append(index)
                current = elements[index]
                type = inner
            }
            guard case .object(let typeName, let nested) = type else {
                throw NormalizationError(key: key, field: storageKey, expected: "an object on the increment's path", found: current.kindDescription)
            }
            if current.isNull { return true }
            guard current.isObject else {
                throw NormalizationError(key: key, field: storageKey, expected: "an object", found: current.kindDescription)
            }
            identity = identify(current, declaredType: typeName, parent: key, field: storageKey)
            key = identity.key
            object = current
            selections = nested
            indicesStart = indices.count
        }
        guard path.isEmpty, case .fields(let responseKeys) = increment.content else {
            throw NormalizationError(key: key, field: "", expected: "an increment's path of fields and list indices", found: "\(increment.path)")
        }
        // The fragment's fields as the response has them: without what an error nulled.
        try normalizeObject(
            object, as: key, selections: selections, responseTypename: identity.responseTypename,
            typename: identity.typename, keyField: identity.keyField, onlyResponseKeys: responseKeys)
        return true
    }

    /// A streamed list's value for its field's record: the items the store has already (before
    /// `newFrom`) by reference, the new ones normalized.
    private mutating func normalizeStreamedList<JSON: ResponseJSON>(
        _ value: JSON,
        type: Selection.FieldType,
        parent: CacheKey,
        field: String,
        newFrom start: Int
    ) throws(NormalizationError) -> RecordValue {
        var type = type
        if case .nonNull(let inner) = type { type = inner }
        guard case .list(let element) = type, let elements = value.elements else {
            throw NormalizationError(key: parent, field: field, expected: "a list", found: value.kindDescription)
        }
        // Lists of scalars are kept whole, as the server sent them.
        guard element.selections != nil else { return RecordValue(scalar: value.jsonValue) }
        var itemType = element
        if case .nonNull(let inner) = element { itemType = inner }
        var values: [RecordValue] = []
        values.reserveCapacity(elements.count)
        for (index, item) in elements.enumerated() {
            indices.append(index)
            defer { indices.removeLast() }
            // Items of an earlier payload: their records are written; only where they are counts.
            if index < start, case .object(let typeName, _) = itemType, item.isObject {
                values.append(.reference(identify(item, declaredType: typeName, parent: parent, field: field).key))
                continue
            }
            values.append(try normalizeValue(item, type: element, parent: parent, field: field))
        }
        return .list(values)
    }

    /// The field selections named `responseKey` that apply to an object of `typename`, in
    /// `selections` and the fragments among them that apply too: one field may be selected in
    /// several places, each with selections of its own.
    static func fields(named responseKey: String, in selections: [Selection], typename: String, variables: JSONObject) -> [Selection.Field] {
        var found: [Selection.Field] = []
        for selection in selections {
            switch selection {
            case .field(let field):
                guard field.responseKey == responseKey,
                      !field.hasConditions || Selection.Condition.allPass(field.conditions, with: variables) else { continue }
                found.append(field)
            case .inlineFragment(let fragment):
                guard Selection.Condition.allPass(fragment.conditions, with: variables),
                      fragment.typeCondition?.matches(typename) ?? true else { continue }
                found += fields(named: responseKey, in: fragment.selections, typename: typename, variables: variables)
            case .fragmentSpread(let spread):
                guard Selection.Condition.allPass(spread.conditions, with: variables),
                      spread.typeCondition.matches(typename) else { continue }
                found += fields(named: responseKey, in: spread.selections, typename: typename, variables: variables)
            }
        }
        return found
    }
}
