import ApogeeAPI
import GraphQL

/// Writes GraphQL responses as JSON: `data` in selection order, then `errors`.
enum GraphQLResponseEncoding {
    /// - Parameter data: `nil` leaves `data` out (a request error); `.null` writes `"data":null`.
    static func encode(data: Map?, errors: [GraphQL.GraphQLError]) -> [UInt8] {
        var writer = JSONWriter()
        writer.writeRaw("{")
        if let data {
            writer.write("data")
            writer.writeRaw(":")
            writer.write(data)
        }
        if !errors.isEmpty {
            if data != nil { writer.writeRaw(",") }
            writer.write("errors")
            writer.writeRaw(":")
            writer.write(Map.array(errors.map(errorObject)))
        }
        writer.writeRaw("}")
        return writer.bytes
    }

    /// A response with one error that has no location, for request errors such as bad JSON.
    static func encode(message: String, code: String?) -> [UInt8] {
        let extensions: [String: Map] = code.map { ["code": .string($0)] } ?? [:]
        return encode(data: nil, errors: [GraphQL.GraphQLError(message: message, extensions: extensions)])
    }

    /// A list of errors alone: the payload of a graphql-transport-ws `error` message.
    static func encode(errors: [GraphQL.GraphQLError]) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(Map.array(errors.map(errorObject)))
        return writer.bytes
    }

    /// An error as the spec lays it out. `path` is only written when there is one: the engine
    /// gives request errors an empty path, which the spec reserves for field errors.
    static func errorObject(_ error: GraphQL.GraphQLError) -> Map {
        var pairs: [(String, Map)] = [("message", .string(error.message))]
        if !error.locations.isEmpty {
            pairs.append(("locations", .array(error.locations.map { ["line": .int($0.line), "column": .int($0.column)] })))
        }
        if !error.path.elements.isEmpty {
            pairs.append(("path", .array(error.path.elements.map(pathElement))))
        }
        var extensions = error.extensions.sorted { $0.key < $1.key }
        if let code = (error.originalError as? ResolverError)?.code, error.extensions["code"] == nil {
            extensions.insert(("code", .string(code)), at: 0)
        }
        if !extensions.isEmpty {
            pairs.append(("extensions", .dictionary(.init(uniqueKeysWithValues: extensions))))
        }
        return .dictionary(.init(uniqueKeysWithValues: pairs))
    }

    private static func pathElement(_ element: IndexPathValue) -> Map {
        switch element {
        case .index(let index): .int(index)
        case .key(let key): .string(key)
        }
    }
}
