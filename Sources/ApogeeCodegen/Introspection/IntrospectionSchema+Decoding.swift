import ApogeeAPI

extension IntrospectionSchema {
    /// Reads `{"data":{"__schema":…}}` or `{"__schema":…}`.
    /// - Throws: ``CodegenError`` naming the file and what is missing.
    init(json bytes: [UInt8], fileName: String) throws(CodegenError) {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: bytes)
        } catch {
            throw CodegenError(file: fileName, message: "not valid JSON: \(error)")
        }
        try self.init(root: root, fileName: fileName)
    }

    init(root: JSONValue, fileName: String) throws(CodegenError) {
        let reader = Reader(fileName: fileName)
        let schemaValue = root.objectValue?["data"]?.objectValue?["__schema"] ?? root.objectValue?["__schema"]
        guard let schema = schemaValue?.objectValue else {
            if let errors = root.objectValue?["errors"]?.arrayValue, !errors.isEmpty {
                let messages = errors.compactMap { $0.objectValue?["message"]?.stringValue }
                throw CodegenError(file: fileName, message: "the server answered with errors: " + messages.joined(separator: "; "))
            }
            throw CodegenError(file: fileName, message: "not an introspection result: no \"__schema\" object at the top or under \"data\"")
        }
        queryType = schema["queryType"]?.objectValue?["name"]?.stringValue
        mutationType = schema["mutationType"]?.objectValue?["name"]?.stringValue
        subscriptionType = schema["subscriptionType"]?.objectValue?["name"]?.stringValue
        types = try reader.list(schema["types"], "types") { value throws(CodegenError) in try reader.namedType(value) }
        directives = try reader.list(schema["directives"] ?? .array([]), "directives") { value throws(CodegenError) in try reader.directive(value) }
    }
}

/// Reads the parts of the introspection JSON, failing with the path of what is wrong.
private struct Reader {
    let fileName: String

    func fail(_ message: String) -> CodegenError {
        CodegenError(file: fileName, message: "invalid introspection result: \(message)")
    }

    func object(_ value: JSONValue?, _ what: String) throws(CodegenError) -> JSONObject {
        guard let object = value?.objectValue else { throw fail("\(what) should be an object") }
        return object
    }

    func string(_ object: JSONObject, _ key: String, in what: String) throws(CodegenError) -> String {
        guard let string = object[key]?.stringValue else { throw fail("\(what) has no string \"\(key)\"") }
        return string
    }

    func optionalString(_ object: JSONObject, _ key: String) -> String? {
        object[key]?.stringValue
    }

    func list<T>(_ value: JSONValue?, _ what: String, _ read: (JSONValue) throws(CodegenError) -> T) throws(CodegenError) -> [T] {
        guard let value, !value.isNull else { return [] }
        guard let array = value.arrayValue else { throw fail("\(what) should be a list") }
        var result: [T] = []
        result.reserveCapacity(array.count)
        for element in array {
            result.append(try read(element))
        }
        return result
    }

    func typeRef(_ value: JSONValue?, in what: String) throws(CodegenError) -> TypeRef {
        let object = try object(value, "the type of \(what)")
        let kind = try string(object, "kind", in: "a type reference of \(what)")
        switch kind {
        case "NON_NULL": return .nonNull(try typeRef(object["ofType"], in: what))
        case "LIST": return .list(try typeRef(object["ofType"], in: what))
        default: return .named(try string(object, "name", in: "a type reference of \(what)"))
        }
    }

    func deprecation(_ object: JSONObject) -> String? {
        guard object["isDeprecated"] == .bool(true) else { return nil }
        return object["deprecationReason"]?.stringValue ?? "No longer supported"
    }

    func inputValue(_ value: JSONValue, in owner: String) throws(CodegenError) -> IntrospectionSchema.InputValue {
        let object = try object(value, "an argument or input field of \(owner)")
        let name = try string(object, "name", in: "an input value of \(owner)")
        return IntrospectionSchema.InputValue(
            name: name,
            description: optionalString(object, "description"),
            type: try typeRef(object["type"], in: "\(owner).\(name)"),
            defaultValue: optionalString(object, "defaultValue"),
            deprecationReason: deprecation(object))
    }

    func namedType(_ value: JSONValue) throws(CodegenError) -> IntrospectionSchema.NamedType {
        let object = try object(value, "a type")
        let name = try string(object, "name", in: "a type")
        let kind = try string(object, "kind", in: "type \(name)")
        let fields = try list(object["fields"], "\(name).fields") { value throws(CodegenError) in
            let field = try self.object(value, "a field of \(name)")
            let fieldName = try string(field, "name", in: "a field of \(name)")
            return IntrospectionSchema.Field(
                name: fieldName,
                description: optionalString(field, "description"),
                arguments: try list(field["args"], "\(name).\(fieldName).args") { value throws(CodegenError) in
                    try inputValue(value, in: "\(name).\(fieldName)")
                },
                type: try typeRef(field["type"], in: "\(name).\(fieldName)"),
                deprecationReason: deprecation(field))
        }
        let inputFields = try list(object["inputFields"], "\(name).inputFields") { value throws(CodegenError) in
            try inputValue(value, in: name)
        }
        let interfaces = try list(object["interfaces"], "\(name).interfaces") { value throws(CodegenError) in
            try typeRef(value, in: name).namedType
        }
        let possibleTypes = try list(object["possibleTypes"], "\(name).possibleTypes") { value throws(CodegenError) in
            try typeRef(value, in: name).namedType
        }
        let enumValues = try list(object["enumValues"], "\(name).enumValues") { value throws(CodegenError) in
            let enumValue = try self.object(value, "an enum value of \(name)")
            return IntrospectionSchema.EnumValue(
                name: try string(enumValue, "name", in: "an enum value of \(name)"),
                description: optionalString(enumValue, "description"),
                deprecationReason: deprecation(enumValue))
        }
        return IntrospectionSchema.NamedType(
            kind: kind, name: name, description: optionalString(object, "description"),
            specifiedByURL: optionalString(object, "specifiedByURL") ?? optionalString(object, "specifiedByUrl"),
            fields: fields, inputFields: inputFields, interfaces: interfaces,
            possibleTypes: possibleTypes, enumValues: enumValues)
    }

    func directive(_ value: JSONValue) throws(CodegenError) -> IntrospectionSchema.Directive {
        let object = try object(value, "a directive")
        let name = try string(object, "name", in: "a directive")
        return IntrospectionSchema.Directive(
            name: name,
            description: optionalString(object, "description"),
            locations: try list(object["locations"], "@\(name).locations") { value throws(CodegenError) in
                guard let location = value.stringValue else { throw fail("@\(name).locations should hold strings") }
                return location
            },
            arguments: try list(object["args"], "@\(name).args") { value throws(CodegenError) in try inputValue(value, in: "@\(name)") },
            isRepeatable: object["isRepeatable"] == .bool(true))
    }
}
