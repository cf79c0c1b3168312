/// The key a field is stored under in its record: its name alone when it has no arguments,
/// and otherwise its name followed by its arguments as canonical JSON, keys sorted
/// (`launch({"id":"25"})`), so that the same field with other arguments never collides and
/// equal arguments always give the same key. The in-memory store, SQLite and the updaters'
/// proxies all name fields this way; it is the format of a persisted record's field names.
package enum FieldStorageKey {
    /// The key of `name` with arguments already resolved to JSON.
    package static func make(name: String, arguments: JSONObject) -> String {
        if arguments.isEmpty { return name }
        var writer = JSONWriter()
        writer.writeUnescaped(name)
        writer.writeRaw("(")
        writer.write(.object(arguments))
        writer.writeRaw(")")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The key of `name` with its selection's arguments, sorted by name, resolved with
    /// `variables` as they are written: the same text as resolving them into an object first,
    /// without building the object or sorting its keys at each write.
    ///
    /// An argument whose variable is not given is left out, as the server then uses the
    /// argument's default. GraphQL allows no argument twice, so each name is written once.
    package static func make(name: String, argumentsByName: [Selection.Argument], variables: JSONObject) -> String {
        var writer: JSONWriter?
        for argument in argumentsByName {
            if case .variable(let variable) = argument.value, variables[variable] == nil { continue }
            if writer == nil {
                writer = JSONWriter()
                writer?.writeUnescaped(name)
                writer?.writeRaw("({")
            } else {
                writer?.writeRaw(",")
            }
            writer?.write(argument.name)
            writer?.writeRaw(":")
            writer?.write(argument.value, resolvedWith: variables)
        }
        guard var writer else { return name }
        writer.writeRaw("})")
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

extension JSONWriter {
    /// Writes an argument's value with its variables replaced, as
    /// ``ArgumentValue/resolved(with:)`` would give it, without building it first.
    mutating func write(_ value: ArgumentValue, resolvedWith variables: JSONObject) {
        switch value {
        case .variable(let name): write(variables[name] ?? .null)
        case .literal(let literal): write(literal)
        case .list(let elements):
            writeRaw("[")
            for (offset, element) in elements.enumerated() {
                if offset > 0 { writeRaw(",") }
                write(element, resolvedWith: variables)
            }
            writeRaw("]")
        // An input object's keys are sorted, and a repeated one keeps its last value: resolving
        // it whole gives both, and input objects in arguments are rare.
        case .object: write(value.resolved(with: variables))
        }
    }
}

extension ArgumentValue {
    /// Whether a variable appears anywhere in the value.
    var refersToVariables: Bool {
        switch self {
        case .variable: true
        case .literal: false
        case .list(let elements): elements.contains(where: \.refersToVariables)
        case .object(let fields): fields.contains(where: \.value.refersToVariables)
        }
    }
}
