import Apogee
import ApogeeAsyncHTTPClient
import ApogeeObservability
import ApogeeSQLite
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import TodoAPI
import UnixSignals

/// An HTTP service that keeps its to-dos in an upstream GraphQL API through Apogee, as a
/// server-side app would: one client over the process-wide `HTTPClient`, a durable queue on a
/// SQLite file so that a to-do accepted is sent even across a restart, metrics and traces on,
/// and the client, the queue and the HTTP server as services of one `ServiceGroup`.
///
/// - `POST /todos` with the text as the body queues an `AddTodo` mutation and answers
///   `202 Accepted` at once, with the queued mutation's id.
/// - `GET /todos` answers the upstream list as a JSON array of texts.
/// - `GET /health` answers `ok`.
struct TodoService {
    let client: ApogeeClient
    let queue: MutationQueue
    let persistence: SQLiteStore
    let logger: Logger

    /// The pieces, over the upstream Todo endpoint `upstream`, with the store and the queue in
    /// the SQLite file at `storePath`.
    init(upstream: URL, storePath: String, logger: Logger) throws {
        persistence = try SQLiteStore(path: storePath)
        client = ApogeeClient(
            url: upstream,
            store: persistence.makeNormalizedStore(),
            // Metrics and traces go to whatever backends the app bootstrapped (none here).
            interceptorProvider: DefaultInterceptorProvider().observed(),
            transport: Self.sharedTransport()
        )
        queue = MutationQueue(client: client, storage: persistence.mutationQueueStorage, restoring: [AddTodoMutation.self])
        self.logger = logger
    }

    /// AsyncHTTPClient's process-wide client, which the whole server shares and which shutting
    /// the Apogee client down leaves running.
    private static func sharedTransport() -> any HTTPTransport {
        AsyncHTTPClientTransport(client: .shared)
    }

    /// The routes.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/health") { _, _ in "ok" }
        router.get("/todos") { [client] _, _ -> Response in
            let result = try await client.fetch(query: TodoListQuery(first: 50), cachePolicy: .fetchIgnoringCacheData)
            let texts = result.data?.user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow.text } ?? []
            let body = try JSONEncoder().encode(texts)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
        router.post("/todos") { [queue] request, _ -> Response in
            let text = String(buffer: try await request.body.collect(upTo: 4096))
            guard !text.isEmpty else { throw HTTPError(.badRequest, message: "The body is the to-do's text.") }
            let queued = try await queue.enqueue(AddTodoMutation(input: .init(text: text, userId: "me"), connections: []))
            return Response(status: .accepted, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: queued.id)))
        }
        return router
    }

    /// The service group of the whole server, listening on `port` (0 for a free one), and
    /// calling `onListening` with the port it got. On graceful shutdown the HTTP server stops
    /// first, then the queue (a mutation in flight stays in the file), then the client.
    func serviceGroup(
        host: String = "127.0.0.1",
        port: Int,
        gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint],
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> ServiceGroup {
        let application = Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
            logger: logger
        )
        return ServiceGroup(
            services: [client, queue, application],
            gracefulShutdownSignals: gracefulShutdownSignals,
            logger: logger
        )
    }
}
