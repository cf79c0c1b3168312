import GraphQL

/// Walks an operation's selections over its whole result, collecting fields as an executor
/// does, and gives each field the unit that sends it (see ``IncrementalPlan``).
struct ResultWalker {
    let schema: GraphQLSchema
    let fragments: [String: FragmentDefinition]
    let variables: OperationVariables
    var units: [DeliveryUnit] = [DeliveryUnit(record: nil, item: nil)]
    var records: [IncrementalRecord] = []
    /// The unit of each deferred fragment already applied, by its place in the document and
    /// the path of its object: a fragment reached twice for one object is one unit.
    private var deferredUnits: [String: Int] = [:]

    /// A field selection and the unit it was collected under.
    struct Entry {
        let field: Field
        let unit: Int
    }

    init(schema: GraphQLSchema, document: Document, variables: OperationVariables) {
        self.schema = schema
        self.variables = variables
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
    }

    /// An object of the result, given the selection sets that apply to it and their units.
    mutating func object(
        _ value: Map,
        type: GraphQLObjectType?,
        selections: [(SelectionSet, Int)],
        path: [IndexPathValue]
    ) -> ResultObject {
        var order: [String] = []
        var entries: [String: [Entry]] = [:]
        for (selectionSet, unit) in selections {
            collect(selectionSet, unit: unit, type: type, path: path, order: &order, entries: &entries)
        }
        let definitions = (try? type?.fields()) ?? [:]
        var fields: [ResultField] = []
        for key in order {
            guard let keyEntries = entries[key], let first = keyEntries.first, let fieldValue = Self.field(key, of: value) else { continue }
            let name = first.field.name.value
            let fieldType: GraphQLType = name == "__typename" ? GraphQLNonNull(GraphQLString) : definitions[name]?.type ?? GraphQLString
            let delivery = keyEntries.map(\.unit).min() ?? first.unit
            let stream = keyEntries.compactMap { variables.activeStream($0.field.directives) }.first
            let node = self.value(fieldValue, type: fieldType, entries: keyEntries, path: path + [.key(key)], unit: delivery, stream: stream)
            fields.append(ResultField(key: key, units: Set(keyEntries.map(\.unit)), delivery: delivery, isNonNull: fieldType is GraphQLNonNull, value: node))
        }
        return ResultObject(fields: fields)
    }

    private mutating func value(
        _ value: Map,
        type: GraphQLType,
        entries: [Entry],
        path: [IndexPathValue],
        unit: Int,
        stream: IncrementalDirectiveUse?
    ) -> ResultNode {
        let type = (type as? GraphQLNonNull)?.ofType ?? type
        switch (value, type) {
        case (.array(let items), let list as GraphQLList):
            var streamRecord: Int?
            if let stream, items.count > stream.initialCount {
                streamRecord = records.count
                records.append(IncrementalRecord(kind: .stream, label: stream.label, path: path, parentUnit: unit))
            }
            var results: [ResultItem] = []
            for (index, item) in items.enumerated() {
                var itemUnit = unit
                var itemEntries = entries
                if let streamRecord, let stream, index >= stream.initialCount {
                    itemUnit = newUnit(record: streamRecord, item: index)
                    itemEntries = entries.map { Entry(field: $0.field, unit: max($0.unit, itemUnit)) }
                }
                let node = self.value(item, type: list.ofType, entries: itemEntries, path: path + [.index(index)], unit: itemUnit, stream: nil)
                results.append(ResultItem(unit: itemUnit, isStreamed: itemUnit != unit, isNonNull: list.ofType is GraphQLNonNull, value: node))
            }
            return .list(ResultList(items: results))
        case (.dictionary, let composite as GraphQLCompositeType):
            let runtimeType = runtimeType(of: value, declared: composite)
            let selections = entries.compactMap { entry in entry.field.selectionSet.map { ($0, entry.unit) } }
            return .object(object(value, type: runtimeType, selections: selections, path: path))
        default:
            return .leaf(value == .undefined ? .null : value)
        }
    }

    /// The value of a key of an object value.
    static func field(_ key: String, of value: Map) -> Map? {
        guard case .dictionary(let fields) = value else { return nil }
        return fields[key]
    }

    private mutating func newUnit(record: Int, item: Int?) -> Int {
        units.append(DeliveryUnit(record: record, item: item))
        records[record].units.append(units.count - 1)
        return units.count - 1
    }

    /// The object type of a value: the declared type, or for an interface or union the type
    /// the injected `__typename` names.
    private func runtimeType(of value: Map, declared: GraphQLCompositeType) -> GraphQLObjectType? {
        if let object = declared as? GraphQLObjectType { return object }
        guard case .string(let name)? = Self.field(RuntimeTypeInjection.alias, of: value) else { return nil }
        return schema.getType(name: name) as? GraphQLObjectType
    }

    /// Collects the fields of a selection set, as the spec's CollectFields: `@skip` and
    /// `@include` are applied, fragments whose type condition does not match are passed over,
    /// and an active `@defer` starts a unit for its fragment's fields.
    private mutating func collect(
        _ selectionSet: SelectionSet,
        unit: Int,
        type: GraphQLObjectType?,
        path: [IndexPathValue],
        order: inout [String],
        entries: inout [String: [Entry]]
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                guard variables.isIncluded(field.directives), field.alias?.value != RuntimeTypeInjection.alias else { continue }
                let key = field.alias?.value ?? field.name.value
                if entries[key] == nil { order.append(key) }
                entries[key, default: []].append(Entry(field: field, unit: unit))
            case let inline as InlineFragment:
                guard variables.isIncluded(inline.directives), applies(inline.typeCondition, to: type) else { continue }
                let fragmentUnit = deferredUnit(inline.directives, place: inline.loc?.start ?? -1, path: path, parent: unit)
                collect(inline.selectionSet, unit: fragmentUnit, type: type, path: path, order: &order, entries: &entries)
            case let spread as FragmentSpread:
                guard variables.isIncluded(spread.directives), let fragment = fragments[spread.name.value],
                    applies(fragment.typeCondition, to: type)
                else { continue }
                let fragmentUnit = deferredUnit(spread.directives, place: spread.loc?.start ?? -1, path: path, parent: unit)
                collect(fragment.selectionSet, unit: fragmentUnit, type: type, path: path, order: &order, entries: &entries)
            default:
                continue
            }
        }
    }

    /// The unit of a fragment: a new one when it has an active `@defer`, else its parent's.
    private mutating func deferredUnit(_ directives: [Directive], place: Int, path: [IndexPathValue], parent: Int) -> Int {
        guard let use = variables.activeDefer(directives) else { return parent }
        let key = "\(place) \(path)"
        if let known = deferredUnits[key] { return known }
        records.append(IncrementalRecord(kind: .deferred, label: use.label, path: path, parentUnit: parent))
        let unit = newUnit(record: records.count - 1, item: nil)
        deferredUnits[key] = unit
        return unit
    }

    private func applies(_ condition: NamedType?, to type: GraphQLObjectType?) -> Bool {
        guard let condition else { return true }
        guard let type else { return true }
        if condition.name.value == type.name { return true }
        guard let abstract = schema.getType(name: condition.name.value) as? GraphQLAbstractType else { return false }
        return schema.getPossibleTypes(abstractType: abstract).contains { $0.name == type.name }
    }
}
