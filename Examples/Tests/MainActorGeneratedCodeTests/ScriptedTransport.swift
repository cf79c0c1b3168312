import Apogee

/// A network transport that answers each operation, by name, with JSON text given up front:
/// a query or a mutation with the first answer, a subscription with each answer in turn, after
/// which its stream ends. Written on the public API in a module with default main-actor
/// isolation, as an app's own transport would be.
nonisolated struct ScriptedTransport: NetworkTransport {
    let answers: [String: [String]]

    func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        guard let texts = answers[request.body.operationName], let first = texts.first else {
            throw ApogeeError.invalidRequest(reason: "no answer for \(request.body.operationName)")
        }
        guard Operation.operationType == .subscription else {
            return GraphQLResultStream(result: try GraphQLResult(decodingResponse: Array(first.utf8)))
        }
        let results = try texts.map { try GraphQLResult<Operation.Data>(decodingResponse: Array($0.utf8)) }
        return GraphQLResultStream(AsyncThrowingStream { continuation in
            results.forEach { continuation.yield($0) }
            continuation.finish()
        })
    }
}
