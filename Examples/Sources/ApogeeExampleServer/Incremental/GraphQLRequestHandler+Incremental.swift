import GraphQL
import HTTPTypes
import Hummingbird
import NIOCore

extension GraphQLRequestHandler {
    /// Answers an operation with an active `@defer` or `@stream` over `multipart/mixed`, in the
    /// format `Accept` asks for, or with HTTP 406 when `Accept` offers no `multipart/mixed`.
    ///
    /// `nil` for every other request, and for one that cannot run (no query, a syntax or
    /// validation error, a subscription, a mutation over GET): the normal pipeline answers it.
    /// A mutation runs once, after the mutation pause, without the idempotency ledger.
    func incrementalResponse(
        _ request: GraphQLHTTPRequest,
        method: HTTPRequest.Method,
        headers: HTTPFields,
        mediaType: ResponseMediaType,
        channel: any Channel
    ) async throws -> Response? {
        guard let (query, hashToRemember) = try? endpoint.persistedQueries.resolve(request),
            let operation = IncrementalOperation(
                query: query,
                operationName: request.operationName,
                variables: request.variables,
                uploads: request.uploads,
                allowsMutations: method == .post,
                schema: endpoint.schema
            )
        else { return nil }
        guard let format = IncrementalFormat.negotiate(accept: headers[.accept]) else {
            let rejection = RequestRejection(
                status: .notAcceptable,
                message: "This operation uses @defer or @stream: its answer comes in parts, so the request's Accept header must offer multipart/mixed.",
                code: "NOT_ACCEPTABLE"
            )
            return Self.response(for: rejection, mediaType: .json)
        }
        if let hashToRemember {
            endpoint.persistedQueries.remember(query, hash: hashToRemember)
        }
        if operation.operationType == .mutation {
            await services.mutationPause.wait()
            try Task.checkCancellation()
        }
        let fault = services.faults.nextIncremental()
        switch await endpoint.run(operation, headers: headers, format: format) {
        case .unavailable:
            return nil
        case .requestErrors(let errors):
            return Self.requestErrorAnswer(errors, mediaType: mediaType).response(mediaType)
        case .payloads(var payloads):
            fault?.apply(to: &payloads)
            var body = MultipartMixedBody(parts: payloads.map { $0.json() })
            fault?.apply(to: &body)
            return await streamedResponse(body, format: format, channel: channel)
        }
    }

    /// The operation that will run, when the document says which one it is.
    static func operation(in document: Document, named name: String?) -> OperationDefinition? {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        if let name {
            return operations.first { $0.name?.value == name }
        }
        return operations.count == 1 ? operations.first : nil
    }

    /// Sends the parts as they become due, each after ``ServerServices/incrementalDelay`` but
    /// the first, and stops when the client leaves.
    private func streamedResponse(_ body: MultipartMixedBody, format: IncrementalFormat, channel: any Channel) async -> Response {
        let departure = ClientDeparture()
        let observer = try? await channel.pipeline.handler(type: InputClosedObserver.self).get()
        observer?.inputClosed?.whenSuccess { departure.markLeft() }
        let delay = services.incrementalDelay
        let headers: HTTPFields = [.contentType: format.contentType, .cacheControl: "no-cache"]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            for (index, bytes) in body.writes.enumerated() {
                if index > 0, await departure.pause(for: delay) {
                    // The client is gone: nothing more is due, and the write may fail.
                    try? await writer.finish(nil)
                    return
                }
                try await writer.write(ByteBuffer(bytes: bytes))
            }
            if body.closesConnection { throw InjectedConnectionClose() }
            try await writer.finish(nil)
        })
    }
}
