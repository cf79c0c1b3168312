import ApogeeAPI

extension OptimisticResponse {
    /// The JSON with `__typename` filled in where the selections ask for it and the caller left
    /// it out, from the type the schema gives the field, so that a hand-written response reads
    /// back like a server's. Objects of interface or union type need their `__typename` given.
    static func fillingTypenames(_ object: JSONObject, selections: [Selection]) -> JSONObject {
        var object = object
        fill(&object, selections: selections)
        return object
    }

    private static func fill(_ object: inout JSONObject, selections: [Selection]) {
        for selection in selections {
            switch selection {
            case .field(let field):
                guard case .some(let nested) = field.selections, let value = object[field.responseKey] else { continue }
                object[field.responseKey] = filled(value, typename: field.type.namedType, selections: nested)
            case .inlineFragment(let fragment):
                fill(&object, selections: fragment.selections)
            case .fragmentSpread(let spread):
                fill(&object, selections: spread.selections)
            }
        }
    }

    private static func filled(_ value: JSONValue, typename: String, selections: [Selection]) -> JSONValue {
        switch value {
        case .object(var object):
            if object["__typename"] == nil, selectsTypename(selections) { object["__typename"] = .string(typename) }
            fill(&object, selections: selections)
            return .object(object)
        case .array(let elements):
            return .array(elements.map { filled($0, typename: typename, selections: selections) })
        default:
            return value
        }
    }

    private static func selectsTypename(_ selections: [Selection]) -> Bool {
        selections.contains {
            if case .field(let field) = $0 { return field.name == "__typename" }
            return false
        }
    }
}
