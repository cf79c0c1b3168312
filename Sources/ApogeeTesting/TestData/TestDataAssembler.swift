import ApogeeAPI

/// Walks an operation's selections over builders, as a GraphQL server executes them over its
/// objects: fields are collected by response key across the fragments that apply to the
/// object's type, each is resolved once, and a field the test left alone gets its default.
struct TestDataAssembler {
    let schema: TestDataSchema
    let defaults: TestDataDefaults
    let variables: JSONObject
    /// Whether to leave out local fields, as a server's response does.
    let asServerResponse: Bool
    private var sequence = 0

    init(schema: TestDataSchema, defaults: TestDataDefaults, variables: JSONObject, asServerResponse: Bool) {
        self.schema = schema
        self.defaults = defaults
        self.variables = variables
        self.asServerResponse = asServerResponse
    }

    /// The response JSON of an object of type `typename` with the values `fields`.
    mutating func object(typename: String, fields: BuiltFields, selections: [[Selection]], path: String) throws(TestDataError) -> JSONObject {
        var result: JSONObject = [:]
        for (key, group) in collectFields(selections, typename: typename) {
            let field = group[0]
            if field.name == "__typename" {
                result[key] = .string(typename)
                continue
            }
            // The client works out `__id` from the store; no server sends it.
            if field.isClientID { continue }
            if field.isLocal {
                if asServerResponse { continue }
                if fields[field.name] == nil, let clientDefault = field.clientDefault {
                    result[key] = clientDefault
                    continue
                }
            }
            let nested = group.compactMap(\.type.selections)
            result[key] = try value(
                fields[field.name], type: field.type, nested: nested, field: field.name, parentType: typename, path: Self.path(path, key))
        }
        return result
    }

    private mutating func value(
        _ built: BuiltValue?, type: Selection.FieldType, nested: [[Selection]], field: String, parentType: String, path: String
    ) throws(TestDataError) -> JSONValue {
        var built = built
        if case .scalar(.null)? = built { built = .null }
        switch type {
        case .nonNull(let inner):
            if case .null? = built {
                throw TestDataError(.nullInNonNullField, path: path, detail: "null for the non-null field \(parentType).\(field)")
            }
            return try value(built, type: inner, nested: nested, field: field, parentType: parentType, path: path)
        case .list(let element):
            let items: [BuiltValue]
            switch built {
            case nil: return .array([])
            case .null?: return .null
            case .list(let values)?: items = values
            case .scalar(.array(let values))?: items = values.map { .scalar($0) }
            case .scalar(let json)?:
                throw TestDataError(.wrongKind, path: path, detail: "\(json.kindDescription) for the list field \(parentType).\(field)")
            case .object(let builder)?:
                throw TestDataError(.wrongKind, path: path, detail: "a \(builder.typename) for the list field \(parentType).\(field)")
            }
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                values.append(try value(item, type: element, nested: nested, field: field, parentType: parentType, path: Self.path(path, String(index))))
            }
            return .array(values)
        case .scalar(let scalarType):
            switch built {
            case nil:
                sequence += 1
                return defaults.value(ofScalar: scalarType, for: TestDataField(parentType: parentType, name: field, sequence: sequence), schema: schema)
            case .null?: return .null
            case .scalar(let json)?: return json
            case .object(let builder)?:
                throw TestDataError(.wrongKind, path: path, detail: "a \(builder.typename) for \(parentType).\(field), of scalar type \(scalarType)")
            case .list?:
                throw TestDataError(.wrongKind, path: path, detail: "a list for \(parentType).\(field), of scalar type \(scalarType)")
            }
        case .object(let objectType, _):
            switch built {
            case nil:
                let concrete = schema.abstractTypeDefaults[objectType] ?? objectType
                return .object(try object(typename: concrete, fields: BuiltFields(), selections: nested, path: path))
            case .null?: return .null
            case .object(let builder)?:
                return .object(try object(typename: builder.typename, fields: builder.__fields, selections: nested, path: path))
            case .scalar(let json)?:
                throw TestDataError(.wrongKind, path: path, detail: "\(json.kindDescription) for \(parentType).\(field), of object type \(objectType)")
            case .list?:
                throw TestDataError(.wrongKind, path: path, detail: "a list for \(parentType).\(field), of object type \(objectType)")
            }
        }
    }

    /// The fields that apply to an object of type `typename`, grouped by response key in the
    /// order they are first selected.
    private func collectFields(_ selectionLists: [[Selection]], typename: String) -> [(key: String, fields: [Selection.Field])] {
        var order: [String] = []
        var groups: [String: [Selection.Field]] = [:]
        func visit(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    guard field.conditions.allSatisfy({ $0.passes(with: variables) }) else { continue }
                    if groups[field.responseKey] == nil { order.append(field.responseKey) }
                    groups[field.responseKey, default: []].append(field)
                case .inlineFragment(let fragment):
                    guard fragment.conditions.allSatisfy({ $0.passes(with: variables) }),
                        fragment.typeCondition?.possibleTypes.contains(typename) ?? true
                    else { continue }
                    visit(fragment.selections)
                case .fragmentSpread(let spread):
                    guard spread.conditions.allSatisfy({ $0.passes(with: variables) }),
                        spread.typeCondition.possibleTypes.contains(typename)
                    else { continue }
                    visit(spread.selections)
                }
            }
        }
        for selections in selectionLists { visit(selections) }
        return order.map { ($0, groups[$0] ?? []) }
    }

    private static func path(_ parent: String, _ key: String) -> String {
        parent.isEmpty ? key : parent + "." + key
    }
}
