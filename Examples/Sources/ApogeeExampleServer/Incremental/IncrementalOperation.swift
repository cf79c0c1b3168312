import GraphQL
import HTTPTypes

/// An operation with an active `@defer` or `@stream` that can run: a valid query (or a
/// mutation, where the transport allows one). Both transports that answer in parts (HTTP
/// `multipart/mixed` and graphql-transport-ws) find it and run it the same way.
struct IncrementalOperation: Sendable {
    /// What running an incremental operation came to.
    enum Outcome: Sendable {
        /// Errors of the request itself (unknown operation, variables of the wrong type):
        /// nothing ran.
        case requestErrors([GraphQLError])
        /// The payloads to send, in order.
        case payloads([IncrementalPayload])
        /// The rewritten document would not parse: the normal pipeline answers instead.
        case unavailable
    }

    let query: String
    let operationName: String?
    let variables: [String: Map]
    let uploads: [String: UploadedFile]
    /// `.query` or `.mutation`.
    let operationType: OperationType

    /// `nil` unless the operation asks for incremental delivery and can run: no operation
    /// found, a syntax or validation error, a subscription, or a mutation where
    /// `allowsMutations` is false leave it to the normal pipeline.
    init?(
        query: String,
        operationName: String?,
        variables: [String: Map],
        uploads: [String: UploadedFile] = [:],
        allowsMutations: Bool,
        schema: GraphQLSchema
    ) {
        guard let document = try? parse(source: Source(body: query, name: "GraphQL request")),
            let operation = GraphQLRequestHandler.operation(in: document, named: operationName),
            operation.operation == .query || (operation.operation == .mutation && allowsMutations)
        else { return nil }
        let operationVariables = OperationVariables(operation: operation, provided: variables)
        guard IncrementalUsage.isActive(in: operation, document: document, variables: operationVariables),
            validate(schema: schema, ast: document).isEmpty
        else { return nil }
        self.query = query
        self.operationName = operationName
        self.variables = variables
        self.uploads = uploads
        self.operationType = operation.operation
    }
}

extension GraphQLEndpoint {
    /// Runs `operation` once, against ``incrementalSchema`` with every object's type asked
    /// for, and splits its result into the payloads of `format` (see ``IncrementalPlan``).
    func run(_ operation: IncrementalOperation, headers: HTTPFields, format: IncrementalFormat) async -> IncrementalOperation.Outcome {
        guard let document = try? parse(source: Source(body: operation.query, name: "GraphQL request")) else { return .unavailable }
        let injection = RuntimeTypeInjection(query: operation.query, document: document)
        guard let injected = try? parse(source: Source(body: injection.query, name: "GraphQL request")),
            let injectedOperation = GraphQLRequestHandler.operation(in: injected, named: operation.operationName)
        else { return .unavailable }
        let result: GraphQLResult
        do {
            result = try await execute(
                schema: incrementalSchema,
                documentAST: injected,
                rootValue: rootValue,
                context: makeContext(headers, operation.uploads, nil),
                variableValues: operation.variables,
                operationName: operation.operationName
            )
        } catch {
            result = GraphQLResult(errors: [GraphQLError(error)])
        }
        let errors = result.errors.map(injection.mapped)
        if GraphQLRequestHandler.isRequestError(result) {
            return .requestErrors(errors)
        }
        let plan = IncrementalPlan(
            schema: schema,
            document: injected,
            operation: injectedOperation,
            variables: OperationVariables(operation: injectedOperation, provided: operation.variables),
            data: result.data,
            errors: errors
        )
        return .payloads(plan.payloads(format))
    }
}
