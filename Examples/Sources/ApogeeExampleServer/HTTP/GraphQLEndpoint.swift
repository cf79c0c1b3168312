import GraphQL
import HTTPTypes

/// One schema served at one path, with what a request needs to run against it.
struct GraphQLEndpoint: Sendable {
    /// The route, such as `/graphql`.
    let path: String
    /// The schema, with `@defer` and `@stream` declared.
    let schema: GraphQLSchema
    /// The same schema with every output type nullable, which incremental answers and requests
    /// with `onError: NULL` run against.
    let incrementalSchema: GraphQLSchema
    /// The root value resolvers of the top-level fields receive (the Graphiti resolver).
    let rootValue: any Sendable
    /// Builds the per-request context the resolvers receive. Subscriptions pass the lifetime
    /// their source reports its end to; other operations pass `nil`.
    let makeContext: @Sendable (_ headers: HTTPFields, _ uploads: [String: UploadedFile], _ sourceLifetime: SourceLifetime?) -> any Sendable
    let persistedQueries = PersistedQueryStore()

    /// - Parameter schema: the schema as Graphiti built it; the endpoint declares `@defer` and
    ///   `@stream` in it.
    init(
        path: String,
        schema: GraphQLSchema,
        rootValue: any Sendable,
        makeContext: @escaping @Sendable (_ headers: HTTPFields, _ uploads: [String: UploadedFile], _ sourceLifetime: SourceLifetime?) -> any Sendable
    ) throws {
        self.path = path
        self.schema = try IncrementalDirectives.declared(in: schema)
        self.incrementalSchema = try NullableExecutionSchema.make(from: self.schema)
        self.rootValue = rootValue
        self.makeContext = makeContext
    }
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
    /// The running Server-Sent Events and multipart subscriptions.
    let eventStreams = EventStreams()
    /// The delay and the hold before each mutation.
    let mutationPause: MutationPause
    /// The largest JSON body accepted, so a runaway client cannot exhaust memory.
    let maximumBodySize: Int
    /// Whether multipart requests must carry a CSRF-preflight header, as Apollo Server asks.
    let requiresUploadPreflightHeader: Bool
    /// Whether a request's `onError` is honoured, or ignored as by a server that predates it.
    var understandsOnError = true
    /// The pause before each part of an incremental answer but the first.
    let incrementalDelay: Duration
    /// The pause between two heartbeats of a multipart subscription.
    let multipartHeartbeatInterval: Duration
    /// The heartbeats multipart subscriptions have sent.
    let multipartHeartbeats = HeartbeatTally()
}
