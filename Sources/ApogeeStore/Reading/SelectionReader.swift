import ApogeeAPI

/// Rebuilds a response from records by walking generated selections, noting every field it
/// looks at. The response is assembled as a `JSONDocument` holding the records' own strings,
/// so that a generated type reads it exactly as it reads a server response, and no response
/// object is built as a dictionary only to be looked up again.
struct SelectionReader<Records: RecordReading> {
    let records: Records
    let variables: JSONObject
    /// Every field looked at, in reading order. A list, not a set: noting costs no hashing,
    /// and only a watcher's index needs the fields hashed.
    private(set) var dependencies = ReadDependencies()
    /// The schema's redirects and keys, from the type being read: a field the store lacks is
    /// read from the record its arguments name when the schema declares a redirect for it.
    private var redirects: [String: CacheRedirect] = [:]
    private var declaredKeyFields: [String: [String]] = [:]
    /// What counts as expired, and what to do with missing fields.
    private let now: Int64
    private let maxStale: Int64?
    private let returnsPartialData: Bool
    /// The fields read past their expiry time, which ``CacheReadOptions/maxStale`` accepted.
    private(set) var expiredFields: [FieldKey] = []
    /// The fields that were missing, for a partial read.
    private(set) var missingPaths: [ResponsePath] = []
    /// The server's errors for the failed fields the read found, in document order.
    private(set) var fieldErrors: [GraphQLError] = []
    /// The earliest time at which reading again would give another result because a field
    /// expires (or, stale, goes past ``CacheReadOptions/maxStale``); `nil` when none will.
    private(set) var nextExpiry: Int64?
    /// Whether an optimistic layer changes a field the read looked at.
    private(set) var hasPendingWrites = false
    /// Whether any optimistic layer exists, asked once: without one, no field is pending.
    private let checksPendingWrites: Bool
    /// Where the walk is, kept only for a partial read, which lists missing paths.
    private var path: [ResponsePath.Component] = []
    /// The response being assembled.
    private var document = JSONDocument.Assembler()
    /// The memory to assemble it in, kept by the store from an earlier read; `nil` for new.
    private let storage: JSONDocument.AssemblyStorage?
    /// A watcher's lists from its last read, and the records changed since: elements of those
    /// lists whose records are unchanged are taken again, not read. `nil` for a one-off read,
    /// a partial one, and one through optimistic layers, which note more than fields.
    private let listMemory: ListMemory?
    private let changedRecords: ChangedRecords?
    /// The plan for taking those elements again, which the document's decode follows.
    private var listReuse: JSONDocument.ListReuse?
    /// How many times a field's expiry time was looked at: an element that looked at one is
    /// read again each time, since its result changes with time alone.
    private var expiryChecks = 0
    /// Whether a list taken in part from the watcher's last read came out other than it was:
    /// the data then differs from the last read's.
    private(set) var changedRememberedList = false

    init(
        records: Records, variables: JSONObject, options: CacheReadOptions = .default, now: Int64 = 0,
        storage: JSONDocument.AssemblyStorage? = nil, listMemory: ListMemory? = nil, changedRecords: ChangedRecords? = nil
    ) {
        self.records = records
        self.storage = storage
        self.variables = variables
        self.now = now
        self.maxStale = options.maxStaleMilliseconds
        self.returnsPartialData = options.returnsPartialData
        self.checksPendingWrites = records.hasOptimisticLayers
        let remembersLists = !options.returnsPartialData && !checksPendingWrites
        self.listMemory = remembersLists ? listMemory : nil
        self.changedRecords = remembersLists ? changedRecords : nil
        if !remembersLists { listMemory?.discardRead() }
    }

    /// Reads a selection set into a generated type; misses become a ``CacheMiss``.
    mutating func read<Value: SelectionSet>(_ type: Value.Type, from key: CacheKey, selections: [Selection]) throws -> Value {
        redirects = Value.__cacheRedirects
        declaredKeyFields = Value.__cacheKeyFields
        document = JSONDocument.Assembler(reusing: storage)
        listReuse = listMemory == nil ? nil : JSONDocument.ListReuse()
        do {
            try appendObject(key, selections: selections, declaredType: Value.__parentType)
        } catch let bubble as MissingNonNull {
            // A missing non-null field with no nullable parent: there is no data to give.
            listMemory?.discardRead()
            throw bubble.miss
        } catch {
            listMemory?.discardRead()
            throw error
        }
        let assembled = document.finish(listReuse: listReuse)
        fieldErrors = assembled.fieldErrorList
        do {
            let value = try Value(parsed: assembled.root)
            if let listReuse {
                listMemory?.finishRead(decoded: listReuse)
                changedRememberedList = listReuse.foundChangedList
            }
            return value
        } catch let error as ResponseDecodingError {
            listMemory?.discardRead()
            throw CacheMiss(key: key, field: nil, path: error.path, reason: .decodingFailed(error))
        }
    }

    /// Appends the response object for the record `key` with `selections` made on `declaredType`.
    private mutating func appendObject(_ key: CacheKey, selections: [Selection], declaredType: String) throws {
        guard let record = try records.record(for: key) else {
            // Depend on the fields we wanted, so that writing the record wakes the reader.
            noteFields(of: key, selections: selections)
            throw CacheMiss(key: key, field: nil, reason: .missingRecord)
        }
        let start = (document: document.mark, expired: expiredFields.count, missing: missingPaths.count)
        var object = ObjectInProgress(position: document.beginObject(), selections: selections)
        do {
            try collect(record, declaredType: declaredType, selections: selections, into: &object)
        } catch is SelectionsToMerge {
            // Rare: read the object again, merging the selections of each response key.
            if let listReuse {
                listMemory?.rollBack(to: object.position)
                listReuse.plans = listReuse.plans.filter { $0.key < object.position }
                listReuse.kept = listReuse.kept.filter { $0 < object.position }
            }
            document.rollBack(to: start.document)
            expiredFields.removeSubrange(start.expired...)
            missingPaths.removeSubrange(start.missing...)
            object = ObjectInProgress(position: document.beginObject(), selections: selections, mergesSelections: true)
            try collect(record, declaredType: declaredType, selections: selections, into: &object)
        }
        document.endObject(at: object.position)
    }

    private mutating func collect(_ record: Record, declaredType: String, selections: [Selection], into object: inout ObjectInProgress) throws {
        // Asked once per object rather than once per field: few records have expiry times.
        let hasExpirations = !record.expirations.isEmpty
        for selection in selections {
            switch selection {
            case .field(let field):
                guard applies(field) else { continue }
                // Copied out of the field only where it is needed: most fields are scalars,
                // which the fast path appends without looking at their type.
                var mergedType: Selection.FieldType?
                if field.selectsObject {
                    // An object selected twice under one response key (directly and through a
                    // fragment, say) is read once with both selection sets, as a server merges
                    // them; a scalar selected twice is simply read twice. Objects are read
                    // first without looking for that, since it is rare.
                    if !object.mergesSelections {
                        if document.hasMember(named: field.responseKey, inObjectAt: object.position) { throw SelectionsToMerge() }
                    } else {
                        if object.mergedKeys.contains(field.responseKey) { continue }
                        if let merged = try self.mergedType(of: field, in: object.selections, record: record, declaredType: declaredType) {
                            object.mergedKeys.append(field.responseKey)
                            mergedType = merged
                        }
                    }
                }
                document.appendName(field.responseKey, toObjectAt: object.position)
                if field.isClientID {
                    document.append(record.key.rawValue)
                } else if returnsPartialData {
                    try appendFieldPartially(field, mergedType: mergedType, of: record, hasExpirations: hasExpirations, declaredType: declaredType)
                } else {
                    try appendField(field, mergedType: mergedType, of: record, hasExpirations: hasExpirations, declaredType: declaredType)
                }
            case .inlineFragment, .fragmentSpread:
                guard let nested = try selectionsApplying(selection, to: record, declaredType: declaredType) else { continue }
                try collect(record, declaredType: declaredType, selections: nested, into: &object)
            }
        }
    }

    /// The type of an object field with the selections of every field under its response key
    /// that applies to `record`, or `nil` when `field` is the only one.
    private mutating func mergedType(of field: Selection.Field, in selections: [Selection], record: Record, declaredType: String) throws -> Selection.FieldType? {
        var merged: Selection.FieldType?
        var count = 0
        try forEachField(in: selections, record: record, declaredType: declaredType) { other in
            guard other.responseKey == field.responseKey else { return }
            count += 1
            merged = merged.map { $0.addingSelections(of: other.type) } ?? other.type
        }
        return count > 1 ? merged : nil
    }

    /// Calls `body` with every field of `selections` that applies to `record`, through its
    /// fragments. Only for the rare object selected twice: `collect` walks the same way with
    /// its work written in the loop, which a closure called for each field made 7 % slower.
    private mutating func forEachField(in selections: [Selection], record: Record, declaredType: String, _ body: (Selection.Field) -> Void) throws {
        for selection in selections {
            switch selection {
            case .field(let field):
                if applies(field) { body(field) }
            case .inlineFragment, .fragmentSpread:
                guard let nested = try selectionsApplying(selection, to: record, declaredType: declaredType) else { continue }
                try forEachField(in: nested, record: record, declaredType: declaredType, body)
            }
        }
    }

    /// Whether a field's conditions (`@include`, `@skip`) pass; most fields have none.
    @inline(__always)
    private func applies(_ field: Selection.Field) -> Bool {
        !field.hasConditions || Selection.Condition.allPass(field.conditions, with: variables)
    }

    /// The selections of a fragment whose conditions pass and whose type condition `record`
    /// meets, `nil` for a fragment that does not apply or a field.
    private mutating func selectionsApplying(_ fragment: Selection, to record: Record, declaredType: String) throws -> [Selection]? {
        switch fragment {
        case .field:
            return nil
        case .inlineFragment(let fragment):
            guard Selection.Condition.allPass(fragment.conditions, with: variables) else { return nil }
            if let condition = fragment.typeCondition {
                guard try applies(condition, to: record, declaredType: declaredType) else { return nil }
            }
            return fragment.selections
        case .fragmentSpread(let spread):
            guard Selection.Condition.allPass(spread.conditions, with: variables),
                  try applies(spread.typeCondition, to: record, declaredType: declaredType) else { return nil }
            return spread.selections
        }
    }

    /// Appends a field's value for a partial read, where a miss becomes `null`. A function of
    /// its own, so that the closure it needs costs the usual read nothing.
    @inline(never)
    private mutating func appendFieldPartially(_ field: Selection.Field, mergedType: Selection.FieldType?, of record: Record, hasExpirations: Bool, declaredType: String) throws {
        path.append(.field(field.responseKey))
        defer { path.removeLast() }
        try appendPartially(type: mergedType ?? field.type) { reader in
            try reader.appendField(field, mergedType: mergedType, of: record, hasExpirations: hasExpirations, declaredType: declaredType)
        }
    }

    /// Appends a field's value, read with `mergedType` when the field's selections were
    /// merged with others'; a miss has its path from this field. `hasExpirations` says
    /// whether the record has any expiry time.
    @inline(__always)
    private mutating func appendField(_ field: Selection.Field, mergedType: Selection.FieldType?, of record: Record, hasExpirations: Bool, declaredType: String) throws {
        let storageKey = field.storageKey(with: variables)
        dependencies.note(storageKey, of: record.key)
        if checksPendingWrites, !hasPendingWrites { hasPendingWrites = records.hasPendingWrite(record.key, field: storageKey) }
        if let stored = record.fields[storageKey] {
            if hasExpirations, let expiry = record.expirations[storageKey] {
                expiryChecks += 1
                do {
                    try check(expiry, of: FieldKey(record.key, storageKey), responseKey: field.responseKey)
                } catch let miss as CacheMiss {
                    // An expired reference the schema can rebuild from the arguments is read
                    // through the redirect; the record it names has expiry times of its own.
                    guard let redirected = redirectedValue(of: field, in: record, declaredType: declaredType) else { throw miss }
                    return try appendValue(redirected, of: field, type: mergedType ?? field.type, key: record.key, storageKey: storageKey)
                }
            }
            // Most fields: a leaf's stored JSON, appended as it is.
            if !field.selectsObject, case .scalar(let json) = stored { return document.append(json) }
            return try appendValue(stored, of: field, type: mergedType ?? field.type, key: record.key, storageKey: storageKey)
        }
        if let redirected = redirectedValue(of: field, in: record, declaredType: declaredType) {
            return try appendValue(redirected, of: field, type: mergedType ?? field.type, key: record.key, storageKey: storageKey)
        }
        // A local field never written is no miss: it reads as its default.
        if field.isLocal { return document.append(field.clientDefault ?? .null) }
        throw CacheMiss(key: record.key, field: storageKey, path: [.field(field.responseKey)], reason: .missingField)
    }

    /// Appends a stored value of a field, a miss inside it given its path from the field.
    @inline(__always)
    private mutating func appendValue(_ stored: RecordValue, of field: Selection.Field, type: Selection.FieldType, key: CacheKey, storageKey: String) throws {
        do {
            try appendValue(stored, type: type, key: key, field: storageKey)
        } catch let miss as CacheMiss {
            throw miss.prepending(.field(field.responseKey))
        }
    }

    /// Lets a field past its expiry time through only as stale, when the read accepts that,
    /// and notes when its result would change. A field is fresh up to its expiry time.
    private mutating func check(_ expiry: Int64, of field: FieldKey, responseKey: String) throws {
        guard expiry < now else {
            nextExpiry = min(nextExpiry ?? .max, expiry + 1)
            return
        }
        let (limit, overflow) = expiry.addingReportingOverflow(maxStale ?? -1)
        guard maxStale != nil, overflow || now <= limit else {
            throw CacheMiss(key: field.record, field: field.field, path: [.field(responseKey)], reason: .expired)
        }
        expiredFields.append(field)
        if !overflow { nextExpiry = min(nextExpiry ?? .max, limit + 1) }
    }

    /// Appends a value for a partial read: what is missing is listed and reads as `null`,
    /// or, where the type is non-null, makes the nearest nullable parent `null`. Whatever the
    /// value had appended before it missed is taken back.
    private mutating func appendPartially(type: Selection.FieldType, _ body: (inout Self) throws -> Void) throws {
        let mark = document.mark
        do {
            try body(&self)
        } catch let miss as CacheMiss where miss.reason.isAbsence {
            missingPaths.append(ResponsePath(path.dropLast() + miss.path.components))
            guard !type.isNonNull else { throw MissingNonNull(miss: miss) }
            document.rollBack(to: mark)
            document.appendNull()
        } catch let bubble as MissingNonNull {
            guard !type.isNonNull else { throw bubble }
            document.rollBack(to: mark)
            document.appendNull()
        }
    }

    /// The value of one local field of the record `key`: what is stored, else its default
    /// (`null` without one), as ``read(_:from:selections:)`` reads it. A stored object that
    /// misses some of its fields reads as the default too: the field's value is then unknown.
    mutating func readLocalField(_ field: Selection.Field, of key: CacheKey) -> JSONValue {
        let fallback = field.clientDefault ?? .null
        let storageKey = field.storageKey(with: variables)
        guard let record = try? records.record(for: key), let stored = record.fields[storageKey] else { return fallback }
        document = JSONDocument.Assembler()
        guard (try? appendValue(stored, type: field.type, key: key, field: storageKey)) != nil else { return fallback }
        return document.finish().root.jsonValue
    }

    /// The reference a declared redirect gives a field the record lacks: the key of the
    /// object its arguments name, by the store's key policy. `nil` without a redirect, or
    /// when an argument that makes the key has no value.
    private func redirectedValue(of field: Selection.Field, in record: Record, declaredType: String) -> RecordValue? {
        guard !redirects.isEmpty else { return nil }
        let parentType = record.fields["__typename"].flatMap { if case .scalar(.string(let name)) = $0 { name } else { nil } } ?? declaredType
        guard let redirect = redirects[parentType + "." + field.name] else { return nil }
        var object: JSONObject = ["__typename": .string(redirect.typename)]
        for (argumentName, keyField) in zip(redirect.keyArguments, redirect.keyFields) {
            guard let argument = field.arguments.first(where: { $0.name == argumentName }) else { return nil }
            let value = argument.value.resolved(with: variables)
            guard !value.isNull else { return nil }
            object[keyField] = value
        }
        return records.keyPolicy.key(typename: redirect.typename, object: object, declaredKeyFields: declaredKeyFields).map(RecordValue.reference)
    }

    /// Whether a type condition applies. When the condition is on the declared type itself
    /// (a fragment on an interface spread where that interface is selected), or the declared
    /// type is an object type the condition lists, it applies without looking at `__typename`
    /// (which roots lack); otherwise the stored `__typename` decides.
    private mutating func applies(_ condition: Selection.TypeCondition, to record: Record, declaredType: String) throws -> Bool {
        if condition.name == declaredType || condition.matches(declaredType) { return true }
        return condition.matches(try typename(of: record))
    }

    private mutating func typename(of record: Record) throws -> String {
        dependencies.note("__typename", of: record.key)
        switch record.fields["__typename"] {
        case .scalar(.string(let typename))?: return typename
        case nil: throw CacheMiss(key: record.key, field: "__typename", reason: .missingField)
        default: throw CacheMiss(key: record.key, field: "__typename", reason: .invalidValue(expected: "a type name"))
        }
    }

    private mutating func appendValue(_ value: RecordValue, type: Selection.FieldType, key: CacheKey, field: String) throws {
        switch (type, value) {
        case (.nonNull(let inner), _):
            try appendValue(value, type: inner, key: key, field: field)
        case (_, .null):
            document.appendNull()
        case (_, .fieldError(let errors)):
            document.appendNull(explainedBy: errors)
        case (.scalar, .scalar(let json)):
            document.append(json)
        case (.scalar, .list(let elements)):
            let position = document.beginList()
            for element in elements { try appendValue(element, type: type, key: key, field: field) }
            document.endList(at: position, count: elements.count)
        case (.object(let typeName, let selections), .reference(let child)):
            try appendObject(child, selections: selections, declaredType: typeName)
        case (.list(let inner), .list(let elements)):
            if let listMemory, let listReuse, let selections = inner.selections {
                return try appendRememberedList(elements, of: inner, selections: selections, key: key, field: field, memory: listMemory, reuse: listReuse)
            }
            let position = document.beginList()
            for (index, element) in elements.enumerated() {
                if returnsPartialData {
                    path.append(.index(index))
                    defer { path.removeLast() }
                    try appendPartially(type: inner) { reader in
                        do {
                            try reader.appendValue(element, type: inner, key: key, field: field)
                        } catch let miss as CacheMiss {
                            throw miss.prepending(.index(index))
                        }
                    }
                    continue
                }
                do {
                    try appendValue(element, type: inner, key: key, field: field)
                } catch let miss as CacheMiss {
                    throw miss.prepending(.index(index))
                }
            }
            document.endList(at: position, count: elements.count)
        case (.list(let inner), .scalar(let json)) where inner.selections == nil:
            // Lists of scalars are stored whole, as the server sent them.
            document.append(json)
        default:
            let expected = type.selections == nil ? "a scalar" : (type.namedType + " data")
            throw CacheMiss(key: key, field: field, reason: .invalidValue(expected: expected))
        }
    }

    /// Appends a list of objects for a watcher that remembers its lists: an element whose
    /// record is the one the same place held last time, and whose records are unchanged
    /// since, is not read but taken from the last decode, with the fields it depended on.
    private mutating func appendRememberedList(
        _ items: [RecordValue], of inner: Selection.FieldType, selections: [Selection], key: CacheKey, field: String,
        memory: ListMemory, reuse: JSONDocument.ListReuse
    ) throws {
        let id = ListMemory.ListID(record: key, field: field, selections: selections.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
        // Unwrapped once: the loop below runs for every element of a long list.
        let previous = changedRecords.flatMap { _ in memory.previous(id) }
        let changed = changedRecords ?? ChangedRecords.none
        let previousItems = previous?.items ?? []
        let previousElements = previous?.elements
        let previousRuns = previousElements?.runs ?? []
        let previousBlocks = previousElements?.blocks ?? []
        let comparesWithPrevious = previous != nil
        let position = document.beginList()
        var elements = ElementRuns(reusingBlocksOf: previousElements, count: items.count)
        var newRuns = RunBlock.Builder(newBlock: elements.blocks.count)
        var sources = [Int]()
        var decodedEntries = [Int]()
        if comparesWithPrevious { sources.reserveCapacity(items.count) }
        var reusesAny = false
        var previousPositions: [RecordValue: Int]?
        let sharesItems = comparesWithPrevious && items.withUnsafeBufferPointer { itemsBuffer in
            previousItems.withUnsafeBufferPointer { $0.baseAddress == itemsBuffer.baseAddress && $0.count == itemsBuffer.count }
        }
        var index = 0
        while index < items.count {
            // Most of a long list is a stretch of elements at the places they held, whose runs
            // lie one after another in one block: taken together, with no step per element
            // but comparing its reference and checking its records.
            if comparesWithPrevious, index < previousItems.count, previousRuns[index] != .none {
                let first = previousRuns[index]
                let limit = Swift.min(items.count, previousItems.count)
                var end = index + 1
                while end < limit, previousRuns[end].block == first.block, previousRuns[end].run == first.run + Int32(end - index) {
                    end += 1
                }
                if !sharesItems {
                    var same = index
                    while same < end, case .reference(let key) = items[same], case .reference(let previousKey) = previousItems[same], key == previousKey {
                        same += 1
                    }
                    end = same
                }
                if end > index {
                    end = index + previousBlocks[Int(first.block)].runsReadingNone(of: changed, from: Int(first.run), count: end - index)
                }
                if end > index {
                    document.appendNulls(end - index)
                    elements.append(contentsOf: previousRuns[index..<end])
                    sources.append(contentsOf: index..<end)
                    reusesAny = true
                    index = end
                    continue
                }
            }
            defer { index += 1 }
            let item = items[index]
            if comparesWithPrevious, case .reference = item {
                var source: Int?
                if index < previousItems.count {
                    if previousItems[index] == item {
                        source = index
                    } else {
                        // The list moved: find the element by its record. A list that only
                        // grew at its end never comes here.
                        if previousPositions == nil {
                            previousPositions = Dictionary(previousItems.enumerated().map { ($1, $0) }) { first, _ in first }
                        }
                        source = previousPositions?[item]
                    }
                } else {
                    source = previousPositions?[item]
                }
                if let source {
                    let run = previousRuns[source]
                    if run != .none, previousBlocks[Int(run.block)].runsReadingNone(of: changed, from: Int(run.run), count: 1) == 1 {
                        document.appendNull()
                        elements.append(run)
                        sources.append(source)
                        reusesAny = true
                        continue
                    }
                }
            }
            if comparesWithPrevious {
                sources.append(-1)
                decodedEntries.append(document.nextEntry)
            }
            let dependencyMark = dependencies.mark
            let expiryMark = expiryChecks
            do {
                try appendValue(item, type: inner, key: key, field: field)
            } catch let miss as CacheMiss {
                throw miss.prepending(.index(index))
            }
            if case .reference = item, expiryChecks == expiryMark {
                elements.append(dependencies.moveRun(since: dependencyMark, into: &newRuns))
            } else {
                elements.append(.none)
            }
        }
        document.endList(at: position, count: items.count)
        elements.finish(adding: newRuns)
        dependencies.append(elements)
        memory.note(ListMemory.List(items: items, elements: elements, decoded: nil), as: id, at: position)
        reuse.kept.insert(position)
        if reusesAny, let decoded = previous?.decoded {
            reuse.plans[position] = JSONDocument.ListReuse.Plan(previous: decoded, sources: sources, decodedEntries: decodedEntries)
        }
    }

    /// Records a dependency on every field a selection set would read of `key`.
    private mutating func noteFields(of key: CacheKey, selections: [Selection]) {
        for selection in selections {
            switch selection {
            case .field(let field):
                if !field.isClientID { dependencies.note(field.storageKey(with: variables), of: key) }
            case .inlineFragment(let fragment):
                noteFields(of: key, selections: fragment.selections)
            case .fragmentSpread(let spread):
                noteFields(of: key, selections: spread.selections)
            }
        }
        dependencies.note("__typename", of: key)
    }
}

/// The object the reader is appending: where it stands in the document, the selections made
/// on it, and the response keys already read with merged selections.
private struct ObjectInProgress {
    let position: Int
    let selections: [Selection]
    /// Whether object fields are read with the selections of every field under their response
    /// key, after a first reading found one selected twice.
    var mergesSelections = false
    var mergedKeys: [String] = []
}

/// An object field selected twice in one object, found while reading it without merging.
private struct SelectionsToMerge: Error {}

/// A missing non-null field in a partial read, on its way to the nearest nullable parent.
private struct MissingNonNull: Error {
    var miss: CacheMiss
}
