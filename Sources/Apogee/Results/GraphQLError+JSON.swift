import ApogeeAPI

extension GraphQLError {
    /// Reads one entry of a response's `errors`.
    ///
    /// Only `message` is required; `locations`, `path` and `extensions` that do not have the
    /// shape the GraphQL specification gives them are left out rather than failing the whole
    /// response, since they are diagnostics and the message still says what went wrong.
    init(json: JSONValue) throws(InvalidResponseReason) {
        guard let object = json.objectValue else {
            throw .notAGraphQLResponse("an entry of 'errors' is \(json.kindDescription), not an object")
        }
        guard let message = object["message"]?.stringValue else {
            throw .notAGraphQLResponse("an entry of 'errors' has no string 'message'")
        }
        self.init(
            message: message,
            locations: object["locations"].flatMap(Self.locations(from:)),
            path: object["path"].flatMap(Self.path(from:)),
            extensions: object["extensions"]?.objectValue
        )
    }

    private static func locations(from json: JSONValue) -> [Location]? {
        guard let entries = json.arrayValue else { return nil }
        return entries.compactMap { entry in
            guard case .int(let line)? = entry.objectValue?["line"],
                case .int(let column)? = entry.objectValue?["column"]
            else { return nil }
            return Location(line: line, column: column)
        }
    }

    private static func path(from json: JSONValue) -> ResponsePath? {
        guard let steps = json.arrayValue else { return nil }
        var components: [ResponsePath.Component] = []
        for step in steps {
            switch step {
            case .string(let name): components.append(.field(name))
            case .int(let index): components.append(.index(index))
            default: return nil
            }
        }
        return ResponsePath(components)
    }
}

extension GraphQLError {
    /// The error as a response's `errors` entry, for storage that keeps a response: the
    /// outcome of a queued mutation. ``init(json:)`` reads it back.
    var jsonValue: JSONValue {
        var object: JSONObject = ["message": .string(message)]
        if let locations {
            object["locations"] = .array(locations.map { .object(["line": .int($0.line), "column": .int($0.column)]) })
        }
        if let path {
            object["path"] = .array(path.components.map { step in
                switch step {
                case .field(let name): .string(name)
                case .index(let index): .int(index)
                }
            })
        }
        if let extensions { object["extensions"] = .object(extensions) }
        return .object(object)
    }
}
