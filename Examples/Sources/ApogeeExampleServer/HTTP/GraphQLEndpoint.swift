import GraphQL
import HTTPTypes

/// One schema served at one path, with what a request needs to run against it.
struct GraphQLEndpoint: Sendable {
    /// The route, such as `/graphql`.
    let path: String
    let schema: GraphQLSchema
    /// The root value resolvers of the top-level fields receive (the Graphiti resolver).
    let rootValue: any Sendable
    /// Builds the per-request context the resolvers receive. Subscriptions pass the lifetime
    /// their source reports its end to; other operations pass `nil`.
    let makeContext: @Sendable (_ headers: HTTPFields, _ uploads: [String: UploadedFile], _ sourceLifetime: SourceLifetime?) -> any Sendable
    let persistedQueries = PersistedQueryStore()
}

/// The parts of a server that every endpoint shares.
struct ServerServices: Sendable {
    let recorder = RequestRecorder()
    let faults = FaultQueue()
    let idempotency = IdempotencyLedger()
    let uploads = UploadStorage()
    /// Streaming events for tests, and the count of running subscription sources.
    let subscriptions: SubscriptionLog
    /// The open graphql-transport-ws sockets.
    let webSockets = WebSocketConnections()
    /// The running Server-Sent Events subscriptions.
    let eventStreams = EventStreams()
    /// The delay and the hold before each mutation.
    let mutationPause: MutationPause
    /// The largest JSON body accepted, so a runaway client cannot exhaust memory.
    let maximumBodySize: Int
    /// Whether multipart requests must carry a CSRF-preflight header, as Apollo Server asks.
    let requiresUploadPreflightHeader: Bool
}
