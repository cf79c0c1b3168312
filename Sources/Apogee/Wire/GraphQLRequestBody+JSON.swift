import ApogeeAPI

extension GraphQLRequestBody {
    /// The body as JSON text: `query` (unless `nil`), `operationName`, `variables` in their
    /// declared order and, when there are any, `extensions`, then `onError` when set, and
    /// nothing else.
    ///
    /// What a GraphQL-over-HTTP `POST` carries, and the `payload` of a graphql-transport-ws
    /// `subscribe` message. Uploads are written as `null`: a body with files
    /// (``containsUploads``) travels as ``multipartBody(uploadProgress:boundary:)`` instead.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter()
        writer.writeRaw("{")
        if let query {
            writer.write("query")
            writer.writeRaw(":")
            writer.write(query)
            writer.writeRaw(",")
        }
        writer.write("operationName")
        writer.writeRaw(":")
        writer.write(operationName)
        writer.writeRaw(",")
        writer.write("variables")
        writer.writeRaw(":")
        writer.write(variables)
        if !extensions.isEmpty {
            writer.writeRaw(",")
            writer.write("extensions")
            writer.writeRaw(":")
            writer.write(JSONValue.object(extensions))
        }
        if let onError {
            writer.writeRaw(",")
            writer.write("onError")
            writer.writeRaw(":")
            writer.write(onError.rawValue)
        }
        writer.writeRaw("}")
        return writer.bytes
    }

    /// The body as the URL query parameters of a `GET` request, JSON members as JSON text.
    func queryParameters() -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = []
        if let query { parameters.append(("query", query)) }
        parameters.append(("operationName", operationName))
        if !variables.isEmpty {
            var writer = JSONWriter()
            writer.write(variables)
            parameters.append(("variables", String(decoding: writer.bytes, as: UTF8.self)))
        }
        if !extensions.isEmpty {
            parameters.append(("extensions", JSONValue.object(extensions).serializedString))
        }
        if let onError { parameters.append(("onError", onError.rawValue)) }
        return parameters
    }
}
