import ApogeeAPI
import GraphQL
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

extension GraphQLRequestHandler {
    /// Answers a request that accepts `text/event-stream` with an event stream: one `next`
    /// and `complete` for a query or mutation, a `next` per event for a subscription until
    /// its source completes or the client goes away (which stops the source).
    ///
    /// An operation that cannot start (syntax, validation, variables) gets HTTP 400 with a
    /// JSON body of `errors`, as graphql-sse servers answer.
    func streamEvents(_ request: GraphQLHTTPRequest, method: HTTPRequest.Method, headers: HTTPFields, channel: any Channel) async throws -> Response {
        let (query, hashToRemember) = try endpoint.persistedQueries.resolve(request)
        if method == .get, let document = try? parse(source: Source(body: query, name: "GraphQL request")),
            Self.operationType(in: document, named: request.operationName) == .mutation
        {
            throw RequestRejection(status: .methodNotAllowed, message: "Mutations are only accepted over POST.", headers: [.allow: "POST"])
        }
        let lifetime = SourceLifetime()
        let start = await endpoint.start(
            StreamedOperation(query: query, operationName: request.operationName, variables: request.variables),
            headers: headers,
            sourceLifetime: lifetime,
            mutationPause: services.mutationPause
        )
        let id = services.subscriptions.makeStreamID()
        let subscribed = SubscriptionEvent.subscribed(connection: nil, id: id, operationName: request.operationName, transport: .serverSentEvents)
        let log = services.subscriptions
        switch start {
        case .rejected(let errors):
            return Self.response(status: .badRequest, mediaType: .json, body: GraphQLResponseEncoding.encode(data: nil, errors: errors))
        case .single(let result):
            if let hashToRemember { endpoint.persistedQueries.remember(query, hash: hashToRemember) }
            log.append(subscribed)
            return Response(status: .ok, headers: ServerSentEvents.headers, body: ResponseBody { writer in
                try await writer.write(ServerSentEvents.next(result))
                try await writer.write(ServerSentEvents.complete)
                log.append(.completedByServer(connection: nil, id: id))
                try await writer.finish(nil)
            })
        case .stream(let results):
            if let hashToRemember { endpoint.persistedQueries.remember(query, hash: hashToRemember) }
            log.sourceStarted(subscribed)
            let streams = services.eventStreams
            streams.add(lifetime, id: id)
            let clientLeft = NIOLockedValueBox(false)
            let observer = try? await channel.pipeline.handler(type: InputClosedObserver.self).get()
            observer?.inputClosed?.whenSuccess {
                clientLeft.withLockedValue { $0 = true }
                lifetime.stop()
            }
            return Response(status: .ok, headers: ServerSentEvents.headers, body: ResponseBody { writer in
                // A failed write means the client is gone, like the end of its input.
                var writeFailed = false
                do {
                    for try await result in results {
                        guard (try? await writer.write(ServerSentEvents.next(result))) != nil else {
                            writeFailed = true
                            break
                        }
                    }
                } catch {
                    // A source that fails ends its stream with the error as a result.
                    let errors = [error as? GraphQL.GraphQLError ?? GraphQL.GraphQLError(error)]
                    writeFailed = (try? await writer.write(ServerSentEvents.next(errors: errors))) == nil
                }
                let byClient = writeFailed || clientLeft.withLockedValue { $0 }
                // A server going away closes the stream without `complete`, as a crash would.
                let goingAway = !byClient && streams.isShuttingDown
                var completed = false
                if !byClient, !goingAway {
                    completed = (try? await writer.write(ServerSentEvents.complete)) != nil
                }
                lifetime.stop()
                await lifetime.waitUntilEnded()
                let ending: SubscriptionEvent? =
                    completed ? .completedByServer(connection: nil, id: id) : goingAway ? nil : .completedByClient(connection: nil, id: id)
                log.sourceStopped(ending)
                try? await writer.finish(nil)
                // Only now may shutdown go on: the response has its last chunk.
                streams.remove(id: id)
            })
        }
    }
}
