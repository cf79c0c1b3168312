import GraphQL
import Hummingbird
import HTTPTypes

extension GraphQLRequestHandler {
    static let idempotencyKeyHeader = HTTPField.Name("Idempotency-Key")!

    /// The GraphQL over HTTP pipeline: persisted query, parse, method check, validation, then
    /// execution (delayed, and at most once per idempotency key, for mutations).
    func execute(_ request: GraphQLHTTPRequest, method: HTTPRequest.Method, headers: HTTPFields, mediaType: ResponseMediaType) async throws -> Response {
        try await answer(request, method: method, headers: headers, mediaType: mediaType).response(mediaType)
    }

    /// What ``execute(_:method:headers:mediaType:)`` answers, before it becomes a response: a
    /// batch gathers these. Throws a ``RequestRejection`` for a request that cannot run.
    func answer(_ request: GraphQLHTTPRequest, method: HTTPRequest.Method, headers: HTTPFields, mediaType: ResponseMediaType) async throws -> EncodedAnswer {
        let (query, hashToRemember) = try endpoint.persistedQueries.resolve(request)
        let document: Document
        do {
            document = try parse(source: Source(body: query, name: "GraphQL request"))
        } catch let error as GraphQLError {
            return Self.requestErrorAnswer([error], mediaType: mediaType)
        }
        let operationType = Self.operationType(in: document, named: request.operationName)
        if method == .get, operationType == .mutation {
            throw RequestRejection(
                status: .methodNotAllowed,
                message: "Mutations are only accepted over POST.",
                headers: [.allow: "POST"]
            )
        }
        if operationType == .subscription {
            throw RequestRejection(
                status: .badRequest,
                message: "Subscriptions need Accept: text/event-stream (GraphQL over Server-Sent Events), multipart/mixed;subscriptionSpec=1.0 over POST (multipart subscriptions) or a graphql-transport-ws WebSocket."
            )
        }
        let validationErrors = validate(schema: endpoint.schema, ast: document)
        guard validationErrors.isEmpty else {
            return Self.requestErrorAnswer(validationErrors, mediaType: mediaType)
        }
        if let hashToRemember {
            endpoint.persistedQueries.remember(query, hash: hashToRemember)
        }
        guard operationType == .mutation else {
            return await run(document, request: request, headers: headers, mediaType: mediaType)
        }
        await services.mutationPause.wait()
        try Task.checkCancellation()
        guard let key = headers[Self.idempotencyKeyHeader], !key.isEmpty else {
            return await run(document, request: request, headers: headers, mediaType: mediaType)
        }
        // The document is not Sendable, so the once-only task parses its own copy of the
        // query, which parsed a moment ago.
        let (remembered, _) = await services.idempotency.answer(key: key, scope: endpoint.path) { [self] in
            guard let copy = try? parse(source: Source(body: query, name: "GraphQL request")) else {
                return EncodedAnswer(status: .internalServerError, body: [])
            }
            return await run(copy, request: request, headers: headers, mediaType: mediaType)
        }
        return remembered
    }

    private func run(_ document: Document, request: GraphQLHTTPRequest, headers: HTTPFields, mediaType: ResponseMediaType) async -> EncodedAnswer {
        // `onError: NULL` runs against the schema with every output type nullable, so that a
        // field's error leaves `null` where the field is; `HALT` gives no data at all.
        let onError = services.understandsOnError ? request.onError : nil
        let schema = onError == .null ? endpoint.incrementalSchema : endpoint.schema
        var result = await executed(document, on: schema, request: request, headers: headers)
        if onError == .halt, !result.errors.isEmpty {
            result = GraphQLResult(data: nil, errors: result.errors)
        }
        if Self.isRequestError(result) {
            return EncodedAnswer(
                status: mediaType == .graphQLResponse ? .badRequest : .ok,
                body: GraphQLResponseEncoding.encode(data: nil, errors: result.errors)
            )
        }
        // A field error that nulled the whole result still answers `"data": null`.
        return EncodedAnswer(status: .ok, body: GraphQLResponseEncoding.encode(data: result.data ?? .null, errors: result.errors))
    }

    /// Runs the request's operation in `document` against `schema`; a failure to run is a
    /// result with its error.
    func executed(_ document: Document, on schema: GraphQLSchema, request: GraphQLHTTPRequest, headers: HTTPFields) async -> GraphQLResult {
        do {
            return try await GraphQL.execute(
                schema: schema,
                documentAST: document,
                rootValue: endpoint.rootValue,
                context: endpoint.makeContext(headers, request.uploads, nil),
                variableValues: request.variables,
                operationName: request.operationName
            )
        } catch {
            return GraphQLResult(errors: [GraphQLError(error)])
        }
    }

    /// The type of the operation that will run, when the document says which one it is.
    static func operationType(in document: Document, named name: String?) -> OperationType? {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        if let name {
            return operations.first { $0.name?.value == name }?.operation
        }
        return operations.count == 1 ? operations.first?.operation : nil
    }
}

/// A GraphQL answer ready to send (and, for idempotent mutations, to send again).
struct EncodedAnswer: Sendable {
    let status: HTTPResponse.Status
    let body: [UInt8]

    func response(_ mediaType: ResponseMediaType) -> Response {
        GraphQLRequestHandler.response(status: status, mediaType: mediaType, body: body)
    }
}
