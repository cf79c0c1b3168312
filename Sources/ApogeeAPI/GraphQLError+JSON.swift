// An entry of a response's `errors` as JSON, both ways: what the client reads, and what the
// store keeps for a field that failed (`RecordValue.fieldError`).

extension GraphQLError {
    /// Reads an entry whose `message` is known; `locations`, `path` and `extensions` that do
    /// not have the shape the GraphQL specification gives them are left out.
    package init(message: String, entry object: JSONObject) {
        self.init(
            message: message,
            locations: object["locations"].flatMap(Self.locations(from:)),
            path: object["path"].flatMap(Self.path(from:)),
            extensions: object["extensions"]?.objectValue
        )
    }

    /// Reads an entry written by ``jsonValue``; `nil` when it is not an object with a string
    /// `message`.
    package init?(jsonEntry json: JSONValue) {
        guard let object = json.objectValue, let message = object["message"]?.stringValue else { return nil }
        self.init(message: message, entry: object)
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
    package var jsonValue: JSONValue {
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
