import GraphQL
import HTTPTypes
import Hummingbird
import NIOCore

extension GraphQLRequestHandler {
    /// Answers a subscription whose `Accept` asks for Apollo's multipart subscriptions
    /// (``MultipartSubscriptionWire/isRequested(accept:)``): an event part per result, heartbeats
    /// between them, and the close delimiter when the source ends; the client going away
    /// stops the source.
    ///
    /// `nil` when the operation is not a subscription (or the document does not parse): the
    /// other answers take it. A subscription that cannot start gets the normal GraphQL error
    /// response, in `mediaType`.
    func multipartSubscriptionResponse(
        _ request: GraphQLHTTPRequest,
        headers: HTTPFields,
        mediaType: ResponseMediaType,
        channel: any Channel
    ) async throws -> Response? {
        let (query, hashToRemember) = try endpoint.persistedQueries.resolve(request)
        guard let document = try? parse(source: Source(body: query, name: "GraphQL request")),
            Self.operationType(in: document, named: request.operationName) == .subscription
        else { return nil }
        let lifetime = SourceLifetime()
        let start = await endpoint.start(
            StreamedOperation(query: query, operationName: request.operationName, variables: request.variables),
            headers: headers,
            sourceLifetime: lifetime,
            mutationPause: services.mutationPause
        )
        switch start {
        case .rejected(let errors):
            return Self.requestErrorAnswer(errors, mediaType: mediaType).response(mediaType)
        case .single(let result):
            // Not a subscription after all: its one result, as JSON.
            return Self.response(status: .ok, mediaType: mediaType, body: GraphQLResponseEncoding.encode(data: result.data ?? .null, errors: result.errors))
        case .stream(let results):
            if let hashToRemember { endpoint.persistedQueries.remember(query, hash: hashToRemember) }
            let id = services.subscriptions.makeStreamID(prefix: "multipart")
            services.subscriptions.sourceStarted(
                .subscribed(connection: nil, id: id, operationName: request.operationName, transport: .multipartHTTP)
            )
            let departure = ClientDeparture()
            let observer = try? await channel.pipeline.handler(type: InputClosedObserver.self).get()
            observer?.inputClosed?.whenSuccess {
                departure.markLeft()
                lifetime.stop()
            }
            services.eventStreams.add(lifetime, id: id)
            let stream = MultipartSubscriptionStream(
                id: id,
                results: results,
                lifetime: lifetime,
                departure: departure,
                fault: services.faults.nextMultipartSubscription(),
                services: services
            )
            return Response(status: .ok, headers: MultipartSubscriptionWire.headers, body: ResponseBody { writer in
                try await stream.write(to: &writer)
            })
        }
    }
}
