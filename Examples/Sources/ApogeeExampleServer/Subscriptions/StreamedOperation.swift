import GraphQL
import HTTPTypes

/// An operation that came over a streaming transport (a graphql-transport-ws `subscribe`
/// message, or a request for Server-Sent Events).
struct StreamedOperation: Sendable {
    let query: String
    let operationName: String?
    let variables: [String: Map]
}

/// How an operation begins.
enum OperationStart: Sendable {
    /// Errors of the request itself (syntax, validation, variables, a failed subscription
    /// resolver): nothing ran and nothing will.
    case rejected([GraphQLError])
    /// The only result of a query or mutation.
    case single(GraphQLResult)
    /// A subscription's results, one per source event. Iterating it drives the source;
    /// cancelling the iterating task stops it.
    case stream(AsyncThrowingStream<GraphQLResult, any Error>)
}

extension GraphQLEndpoint {
    /// Parses, validates and starts `operation`: a subscription's source exists when this
    /// returns `.stream`, so an event published from then on reaches it.
    ///
    /// - Parameters:
    ///   - headers: what the context reads (the `Authorization` field).
    ///   - sourceLifetime: handed to the resolvers, which tell it when the source ends.
    ///   - mutationPause: what a mutation waits for before it runs, as over HTTP.
    func start(
        _ operation: StreamedOperation,
        headers: HTTPFields,
        sourceLifetime: SourceLifetime,
        mutationPause: MutationPause
    ) async -> OperationStart {
        let document: Document
        do {
            document = try parse(source: Source(body: operation.query, name: "GraphQL request"))
        } catch {
            return .rejected([Self.graphQLError(error)])
        }
        // GraphQLSwift's validation traps on an operation defined twice, so the rules about
        // operation names are checked first.
        if let problem = Self.operationNameProblem(in: document) {
            return .rejected([GraphQLError(message: problem)])
        }
        let validationErrors = validate(schema: schema, ast: document)
        guard validationErrors.isEmpty else { return .rejected(validationErrors) }
        let operationType = GraphQLRequestHandler.operationType(in: document, named: operation.operationName)
        if operationType == .subscription {
            return await subscribe(operation, context: makeContext(headers, [:], sourceLifetime))
        }
        if operationType == .mutation {
            await mutationPause.wait()
        }
        let result: GraphQLResult
        do {
            result = try await execute(
                schema: schema,
                documentAST: document,
                rootValue: rootValue,
                context: makeContext(headers, [:], nil),
                variableValues: operation.variables,
                operationName: operation.operationName
            )
        } catch {
            return .rejected([Self.graphQLError(error)])
        }
        return GraphQLRequestHandler.isRequestError(result) ? .rejected(result.errors) : .single(result)
    }

    private func subscribe(_ operation: StreamedOperation, context: any Sendable) async -> OperationStart {
        do {
            let result = try await graphqlSubscribe(
                schema: schema,
                request: operation.query,
                rootValue: rootValue,
                context: context,
                variableValues: operation.variables,
                operationName: operation.operationName
            )
            switch result {
            case .success(let stream): return .stream(stream)
            case .failure(let errors): return .rejected(errors.errors)
            }
        } catch {
            return .rejected([Self.graphQLError(error)])
        }
    }

    private static func graphQLError(_ error: any Error) -> GraphQLError {
        error as? GraphQLError ?? GraphQLError(error)
    }

    /// The spec's "Operation Name Uniqueness" and "Lone Anonymous Operation", as a message.
    private static func operationNameProblem(in document: Document) -> String? {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        guard operations.count > 1 else { return nil }
        var seen: Set<String> = []
        for operation in operations {
            guard let name = operation.name?.value else {
                return "This anonymous operation must be the only defined operation."
            }
            guard seen.insert(name).inserted else {
                return "There can be only one operation named \"\(name)\"."
            }
        }
        return nil
    }
}
