import GraphQL

/// Splits the whole result of an operation into the payloads of incremental delivery.
///
/// The operation ran once, against ``NullableExecutionSchema``, as if `@defer` and `@stream`
/// were absent. The plan walks the operation's selections together with that result, the way
/// an executor collects fields: each field gets the *unit* that sends it (unit 0 is the
/// initial payload; each deferred fragment applied to an object is a unit, and each streamed
/// item), then errors propagate nulls by the real schema's types, stopping at a unit's
/// boundary. Units are numbered as they are found, so a unit always comes after the one
/// that announces it, and payloads go out in that order.
struct IncrementalPlan {
    /// The whole result, fields marked with their units; `nil` when an error nulled `data`.
    var root: ResultNode?
    var units: [DeliveryUnit] = [DeliveryUnit(record: nil, item: nil)]
    var records: [IncrementalRecord] = []
    /// Errors sent with a unit's data, by unit.
    var errors: [Int: [GraphQLError]] = [:]
    /// Errors that made a unit fail (a null that reached its boundary), by unit.
    var failures: [Int: [GraphQLError]] = [:]

    /// - Parameters:
    ///   - schema: the real schema, for types, nullability and type conditions.
    ///   - document: the document that ran, with ``RuntimeTypeInjection``'s field in it.
    ///   - data: the result's `data`.
    ///   - errors: the result's errors, their positions in the document the client sent.
    init(
        schema: GraphQLSchema,
        document: Document,
        operation: OperationDefinition,
        variables: OperationVariables,
        data: Map?,
        errors: [GraphQLError]
    ) {
        var walker = ResultWalker(schema: schema, document: document, variables: variables)
        let rootType = operation.operation == .mutation ? schema.mutationType : schema.queryType
        if let data, case .dictionary = data, let rootType {
            root = .object(walker.object(data, type: rootType, selections: [(operation.selectionSet, 0)], path: []))
        }
        units = walker.units
        records = walker.records
        for error in errors {
            place(error)
        }
    }

    /// The record a unit sends; `nil` for the initial payload.
    func record(of unit: Int) -> IncrementalRecord? {
        units[unit].record.map { records[$0] }
    }

    /// Which units are sent: not one whose record's place was nulled, whose announcing unit
    /// is not sent or failed, or (for a stream) that comes after an item that failed.
    func liveUnits() -> [Bool] {
        var live = [Bool](repeating: false, count: units.count)
        live[0] = true
        var recordLive: [Bool] = []
        for record in records {
            let parentOK = live[record.parentUnit] && failures[record.parentUnit] == nil
            let placeOK: Bool
            switch (record.kind, root?.node(at: record.path[...])) {
            case (.deferred, .object?), (.stream, .list?): placeOK = true
            default: placeOK = false
            }
            recordLive.append(parentOK && placeOK)
            var failed = false
            for unit in record.units {
                live[unit] = recordLive[recordLive.count - 1] && !failed
                failed = failed || failures[unit] != nil
            }
        }
        return live
    }

    /// Attaches an error to the unit of its field, and propagates the null its field became
    /// up to the nearest nullable place of that unit; a null that would go beyond the unit's
    /// boundary makes the unit fail instead (for the initial payload, `data` becomes null).
    private mutating func place(_ error: GraphQLError) {
        let path = error.path.elements
        var places: [(unit: Int, isNonNull: Bool)] = []
        var node = root
        for step in path {
            switch (node, step) {
            case (.object(let object)?, .key(let key)):
                guard let field = object.fields.first(where: { $0.key == key }) else { break }
                places.append((field.delivery, field.isNonNull))
                node = field.value
                continue
            case (.list(let list)?, .index(let index)) where list.items.indices.contains(index):
                let item = list.items[index]
                places.append((item.unit, item.isNonNull))
                node = item.value
                continue
            default:
                break
            }
            break
        }
        guard let unit = places.last?.unit else {
            errors[0, default: []].append(error)
            return
        }
        var depth = places.count - 1
        while true {
            if !places[depth].isNonNull {
                root?.nullify(at: path.prefix(depth + 1))
                errors[unit, default: []].append(error)
                return
            }
            if depth == 0 || places[depth - 1].unit != unit {
                failures[unit, default: []].append(error)
                if unit == 0 { root = nil }
                return
            }
            depth -= 1
        }
    }
}
