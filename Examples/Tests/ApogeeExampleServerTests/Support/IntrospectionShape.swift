@testable import ApogeeAPI

/// The introspection query that schema comparison uses: everything about types, nothing about
/// descriptions, so two schemas compare by shape.
let introspectionQuery = """
    query Shape {
      __schema {
        queryType { name } mutationType { name } subscriptionType { name }
        types {
          kind name
          fields(includeDeprecated: true) { name args { name defaultValue type { ...Ref } } type { ...Ref } }
          inputFields { name defaultValue type { ...Ref } }
          interfaces { name }
          enumValues(includeDeprecated: true) { name }
          possibleTypes { name }
        }
      }
    }
    fragment Ref on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }
    """

/// Turns an introspection result into a canonical description: types by name, fields and
/// arguments by name, type references written as in SDL (`[ID]!`). Introspection types and
/// scalars no field uses are left out, since schema builders differ in listing them.
enum IntrospectionShape {
    static func shape(of response: JSONValue) -> [String: JSONValue] {
        guard let schema = response[path: "data", "__schema"], let types = schema[path: "types"]?.arrayValue else { return [:] }
        var shapes: [String: JSONValue] = [:]
        for root in ["queryType", "mutationType", "subscriptionType"] {
            shapes["schema." + root] = schema[path: root, "name"] ?? .null
        }
        for type in types {
            guard let name = type[path: "name"]?.stringValue, !name.hasPrefix("__") else { continue }
            shapes[name] = .object([
                "kind": type[path: "kind"] ?? .null,
                "fields": fields(type[path: "fields"]),
                "inputFields": fields(type[path: "inputFields"]),
                "interfaces": names(type[path: "interfaces"]),
                "enumValues": names(type[path: "enumValues"]),
                "possibleTypes": names(type[path: "possibleTypes"]),
            ])
        }
        let used = usedTypeNames(types)
        return shapes.filter { name, shape in
            shape[path: "kind"]?.stringValue != "SCALAR" || used.contains(name)
        }
    }

    private static func fields(_ value: JSONValue?) -> JSONValue {
        guard let list = value?.arrayValue else { return .null }
        var result: JSONObject = [:]
        for field in list {
            guard let name = field[path: "name"]?.stringValue else { continue }
            result[name] = .object([
                "type": .string(reference(field[path: "type"])),
                "defaultValue": field[path: "defaultValue"] ?? .null,
                "args": fields(field[path: "args"]),
            ])
        }
        return .object(result)
    }

    private static func names(_ value: JSONValue?) -> JSONValue {
        guard let list = value?.arrayValue else { return .null }
        return .array(list.compactMap { $0[path: "name"] }.sorted { ($0.stringValue ?? "") < ($1.stringValue ?? "") })
    }

    static func reference(_ type: JSONValue?) -> String {
        switch type?[path: "kind"]?.stringValue {
        case "NON_NULL": reference(type?[path: "ofType"]) + "!"
        case "LIST": "[" + reference(type?[path: "ofType"]) + "]"
        default: type?[path: "name"]?.stringValue ?? "?"
        }
    }

    private static func usedTypeNames(_ types: [JSONValue]) -> Set<String> {
        var used: Set<String> = []
        for type in types where !(type[path: "name"]?.stringValue ?? "__").hasPrefix("__") {
            for list in [type[path: "fields"], type[path: "inputFields"]] {
                for field in list?.arrayValue ?? [] {
                    used.insert(baseName(field[path: "type"]))
                    for argument in field[path: "args"]?.arrayValue ?? [] {
                        used.insert(baseName(argument[path: "type"]))
                    }
                }
            }
        }
        return used
    }

    private static func baseName(_ type: JSONValue?) -> String {
        if let inner = type?[path: "ofType"], !inner.isNull { return baseName(inner) }
        return type?[path: "name"]?.stringValue ?? ""
    }
}
