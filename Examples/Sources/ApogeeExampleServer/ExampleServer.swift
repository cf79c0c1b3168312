import Foundation
import GraphQL
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// The example GraphQL server of Apogee: the RocketReserver schema at `/graphql`, the
/// Todo schema at `/todo/graphql`, a schema for upload tests at `/uploads/graphql` and one for
/// streaming tests at `/live/graphql`, over real HTTP (with Server-Sent Events) and
/// graphql-transport-ws WebSockets, with instrumentation and fault injection for tests.
///
/// Each instance has its own state (users, bookings, to-dos, persisted queries, faults), so
/// any number can run at once in one process:
///
/// ```swift
/// let server = try await ExampleServer.start()
/// defer { Task { await server.shutdown() } }
/// let url = server.rocketReserverURL   // http://127.0.0.1:<port>/graphql
/// ```
public final class ExampleServer: Sendable {
    /// The configuration the server was started with.
    public let configuration: Configuration
    /// The port the server listens on (the system's choice when the configuration said 0).
    public let port: Int
    /// `http://host:port` (`https` when the configuration has a TLS identity), with an IPv6
    /// host in brackets.
    public let baseURL: URL

    let services: ServerServices
    let rocketReserverStore: RocketReserverStore
    let todoStore: TodoStore
    let counterStore: CounterStore
    private let serviceGroup: ServiceGroup
    private let runTask: Task<Void, any Error>

    private init(
        configuration: Configuration,
        port: Int,
        baseURL: URL,
        services: ServerServices,
        rocketReserverStore: RocketReserverStore,
        todoStore: TodoStore,
        counterStore: CounterStore,
        serviceGroup: ServiceGroup,
        runTask: Task<Void, any Error>
    ) {
        self.configuration = configuration
        self.port = port
        self.baseURL = baseURL
        self.services = services
        self.rocketReserverStore = rocketReserverStore
        self.todoStore = todoStore
        self.counterStore = counterStore
        self.serviceGroup = serviceGroup
        self.runTask = runTask
    }

    /// Starts a server and returns once it accepts connections.
    ///
    /// A server given the port an earlier one had comes back as a restarted server does: when
    /// the port is still in use it tries again for a few seconds. Between the earlier socket
    /// closing and this bind, the kernel may have lent the port to an outgoing connection as
    /// its local port, which holds it until that connection closes.
    ///
    /// - Throws: when the schemas cannot be built or the address cannot be bound.
    public static func start(configuration: Configuration = Configuration()) async throws -> ExampleServer {
        var delay = Duration.milliseconds(20)
        var retries = 0
        while true {
            do {
                return try await startOnce(configuration: configuration)
            } catch let error as IOError where configuration.port != 0 && error.errnoCode == EADDRINUSE && retries < 12 {
                retries += 1
                try await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(1))
            }
        }
    }

    private static func startOnce(configuration: Configuration) async throws -> ExampleServer {
        var services = ServerServices(
            subscriptions: SubscriptionLog(recordsEvents: configuration.recordsSubscriptionEvents),
            mutationPause: MutationPause(delay: configuration.mutationDelay),
            maximumBodySize: configuration.maximumBodySize,
            requiresUploadPreflightHeader: configuration.requiresUploadPreflightHeader,
            incrementalDelay: configuration.incrementalDelay,
            multipartHeartbeatInterval: configuration.multipartHeartbeatInterval
        )
        services.understandsOnError = configuration.understandsOnError
        let rocketReserverStore = RocketReserverStore(sessionSecret: configuration.sessionSecret.map { Array($0.utf8) } ?? SessionTokens.randomBytes(32))
        let todoStore = TodoStore(rejectsMutations: configuration.rejectsTodoMutations)
        let counterStore = CounterStore()
        let endpoints = try makeEndpoints(
            rocketReserverStore: rocketReserverStore,
            todoStore: todoStore,
            counterStore: counterStore,
            uploadStorage: services.uploads
        )
        var logger = Logger(label: "ApogeeExampleServer")
        logger.logLevel = configuration.logLevel
        let signal = StartupSignal()
        let webSocketSettings = GraphQLWebSocketConnection.Settings(
            connectionInitTimeout: configuration.connectionInitTimeout,
            pingInterval: configuration.webSocketPingInterval,
            requiresAuthentication: configuration.requiresWebSocketAuthentication,
            isValidToken: { token in await rocketReserverStore.user(token: token) != nil }
        )
        let server: HTTPServerBuilder
        if let identity = configuration.tlsIdentity {
            server = try httpsServer(identity)
        } else {
            server = .http1WebSocketUpgrade(
                configuration: HTTP1WebSocketUpgradeChannel.Configuration(
                    http1: HTTP1Channel.Configuration(additionalChannelHandlers: [InputClosedObserver()]),
                    // graphql-transport-ws has pings of its own, so the frame-level ones stay
                    // off, and a client that does not answer a close cannot hold shutdown long.
                    ws: WebSocketServerConfiguration(maxFrameSize: 1 << 20, autoPing: .disabled, closeTimeout: .seconds(1))
                ),
                shouldUpgrade: GraphQLWebSocketUpgrade.shouldUpgrade(endpoints: endpoints, services: services, settings: webSocketSettings)
            )
        }
        let application = Application(
            router: ExampleRouter.make(endpoints: endpoints, services: services),
            server: server,
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in
                if let port = channel.localAddress?.port {
                    signal.succeed(port: port)
                } else {
                    signal.fail(ExampleServerError.noBoundPort)
                }
            },
            logger: logger
        )
        // An outer group of our own, without signal handlers, so that shutdown can be graceful.
        let serviceGroup = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: logger)
        let runTask = Task {
            do {
                try await serviceGroup.run()
                signal.fail(ExampleServerError.stoppedBeforeRunning)
            } catch {
                signal.fail(error)
                throw error
            }
        }
        let port: Int
        do {
            port = try await signal.wait()
        } catch {
            runTask.cancel()
            throw error
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let scheme = configuration.tlsIdentity == nil ? "http" : "https"
        guard let baseURL = URL(string: "\(scheme)://\(host):\(port)") else {
            runTask.cancel()
            _ = await runTask.result
            throw ExampleServerError.invalidHost(configuration.host)
        }
        return ExampleServer(
            configuration: configuration,
            port: port,
            baseURL: baseURL,
            services: services,
            rocketReserverStore: rocketReserverStore,
            todoStore: todoStore,
            counterStore: counterStore,
            serviceGroup: serviceGroup,
            runTask: runTask
        )
    }

    /// Closes open WebSockets with 1001 (going away) and sends new ones away the same way,
    /// ends Server-Sent Events streams without `complete`, stops listening, lets requests in
    /// progress finish for up to `gracePeriod` (a scripted delay may hold one for long), then
    /// closes every connection and waits for the server to stop.
    public func shutdown(gracePeriod: Duration = .seconds(1)) async {
        // Each step that waits on clients gets the grace period at most: a client that never
        // reads cannot hold the server.
        let connections = services.webSockets.beginShutdown()
        await awaitAtMost(gracePeriod) {
            await withTaskGroup(of: Void.self) { group in
                for connection in connections {
                    group.addTask {
                        await connection.close(code: GraphQLWebSocketConnection.goingAwayCode, reason: GraphQLWebSocketConnection.shutdownReason)
                    }
                }
            }
        }
        services.mutationPause.release()
        let eventStreams = services.eventStreams
        await awaitAtMost(gracePeriod) { await eventStreams.stopAll() }
        await serviceGroup.triggerGracefulShutdown()
        let runTask = self.runTask
        // Awaiting a task's result does not react to cancellation, so the deadline is a
        // separate task that cancels the server when the grace period is over.
        let deadline = Task {
            try await Task.sleep(for: gracePeriod)
            runTask.cancel()
        }
        _ = await runTask.result
        deadline.cancel()
        services.uploads.removeAll()
    }
}
