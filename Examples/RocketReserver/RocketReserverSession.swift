import Apogee
import ApogeeSQLite
import Foundation
import RocketReserverAPI

/// One client and the operations of the tutorial, printing each step as it goes.
struct RocketReserverSession {
    let client: ApogeeClient
    /// Carries the subscriptions.
    let webSocket: GraphQLWebSocketTransport
    /// With a store file: the queue that books and cancels trips durably.
    let queue: MutationQueue?
    /// The store file, if there is one.
    let storePath: String?
    /// How long a command waits for the server before leaving its mutations queued.
    let deliveryWait: Duration

    /// A client whose chain starts with the token interceptor, as the tutorial's
    /// `NetworkInterceptorProvider` puts `TokenAddingInterceptor` first. The tutorial's server
    /// takes the bare token, so no scheme is written before it.
    ///
    /// With `storePath`, the cache and a durable mutation queue live in that SQLite file.
    ///
    /// Subscriptions go over a WebSocket at the same path (graphql-transport-ws), whose
    /// `connection_init` carries the same token, as the tutorial's subscription chapter does.
    init(endpoint: URL, tokens: some TokenStore, storePath: String? = nil, deliveryWait: Duration = .seconds(3)) throws {
        let authorization = AuthorizationInterceptor(scheme: nil, tokenStore: tokens)
        let provider = DefaultInterceptorProvider().inserting(authorization, at: 0)
        webSocket = GraphQLWebSocketTransport(
            url: Self.webSocketURL(for: endpoint),
            configuration: .init(connectionPayload: .authorization(authorization)),
            stack: Self.webSocketStack
        )
        self.storePath = storePath
        self.deliveryWait = deliveryWait
        guard let storePath else {
            client = ApogeeClient(url: endpoint, interceptorProvider: provider, transport: Self.makeHTTPTransport(), subscriptionTransport: webSocket)
            queue = nil
            return
        }
        let persistence = try SQLiteStore(path: storePath)
        client = ApogeeClient(
            url: endpoint, store: persistence.makeNormalizedStore(), interceptorProvider: provider, transport: Self.makeHTTPTransport(), subscriptionTransport: webSocket
        )
        queue = MutationQueue(client: client, storage: persistence.mutationQueueStorage, restoring: Self.queuedMutationTypes)
    }

    func login(email: String) async throws -> String {
        let result = try await client.perform(mutation: LoginMutation(email: email))
        try result.throwIfErrors()
        guard let user = result.data?.login, let token = user.token else {
            throw ExampleFailure("the server returned no token for \(email)")
        }
        print("Logged in as \(user.email) (user \(user.id)).")
        return token
    }

    /// Lists one page of launches. The pages of `launches` are one list in the store
    /// (`@paginated` in cache-policy.graphqls), which a read from the store would show whole,
    /// so a page after a cursor always comes from the server.
    @discardableResult
    func listLaunches(pageSize: Int, after: String? = nil) async throws -> [String] {
        let result = try await client.fetch(
            query: LaunchListQuery(pageSize: .some(pageSize), after: GraphQLNullable(nullIfNil: after)),
            cachePolicy: after == nil ? .returnCacheDataElseFetch : .fetchIgnoringCacheData)
        try result.throwIfErrors()
        guard let page = result.data?.launches else { throw ExampleFailure("no launches in the response") }
        print("Launches (\(page.launches.count) on this page, more: \(page.hasMore ? "yes" : "no"), next cursor \(page.cursor)):")
        Self.printLaunches(page.launches)
        return page.launches.compactMap { $0?.id }
    }

    /// Lists every launch, a page at a time, with a `QueryPager`: each page is merged into the
    /// one list in the store, and the pager shows the whole list after each.
    @MainActor
    @discardableResult
    func listAllLaunches(pageSize: Int, printingEach: Bool = true) async throws -> [String] {
        let pager = try QueryPager(client: client, query: LaunchListQuery(pageSize: .some(pageSize)))
        try await pager.load()
        // The list the store has already (pages listed before), or else the first page.
        print("At first: \(pager.data?.launches.launches.count ?? 0) launches in the list.")
        while pager.hasNext {
            try await pager.loadNext()
            print("After the next page: \(pager.data?.launches.launches.count ?? 0) launches in the list.")
        }
        guard let launches = pager.data?.launches.launches else { throw ExampleFailure("no launches in the store") }
        print("All \(launches.count) launches, one list in the store\(printingEach ? ":" : ".")")
        if printingEach { Self.printLaunches(launches) }
        return launches.compactMap { $0?.id }
    }

    private static func printLaunches(_ launches: [LaunchListQuery.Data.Launches.Launch?]) {
        for case let launch? in launches {
            print("  #\(launch.id.padding(toLength: 4, withPad: " ", startingAt: 0)) \(launch.mission?.name ?? "unnamed mission") from \(launch.site ?? "an unknown site")")
        }
    }

    /// Shows one launch as the list shows it. After the list, the cache redirect declared on
    /// `Query.launch` finds its record, so the default policy sends no request.
    func showListedLaunch(id: String) async throws {
        let result = try await client.fetch(query: LaunchSummaryQuery(id: id))
        try result.throwIfErrors()
        guard let launch = result.data?.launch else { throw ExampleFailure("there is no launch \(id)") }
        print("Launch \(launch.id): \(launch.mission?.name ?? "unnamed mission") from \(launch.site ?? "?") \(result.sourceNote)")
        if result.source == .cache {
            print("No request: the cache redirect on Query.launch (@fieldPolicy(forField: \"launch\", keyArgs: \"id\"),")
            print("in cache-policy.graphqls) named the record Launch:\(launch.id), which the list had stored.")
        }
    }

    /// Shows a launch's details, saying whether the store or the server gave them: the
    /// default policy asks the server only when the store lacks something.
    @discardableResult
    func showLaunch(id: String, cachePolicy: CachePolicy = .returnCacheDataElseFetch) async throws -> LaunchDetailsQuery.Data.Launch {
        let result = try await client.fetch(query: LaunchDetailsQuery(launchId: id), cachePolicy: cachePolicy)
        try result.throwIfErrors()
        guard let launch = result.data?.launch else { throw ExampleFailure("there is no launch \(id)") }
        let rocket = launch.rocket.map { "\($0.name ?? "?") (\($0.type ?? "?"))" } ?? "unknown rocket"
        let favourite = launch.isFavorite ? " ★" : ""
        print("Launch \(launch.id)\(favourite): \(launch.mission?.name ?? "unnamed mission"), \(rocket), from \(launch.site ?? "?"); isBooked: \(launch.isBooked) \(result.sourceNote)")
        return launch
    }

    /// Marks a launch as a favourite in the store alone: `isFavorite` is a local field, which
    /// a store transaction writes like any other and no request ever carries.
    func markFavorite(id: String) throws {
        try client.store.transaction { transaction in
            try transaction.update(LaunchDetailsQuery(launchId: id)) { $0.launch?.isFavorite = true }
        }
    }

    func book(id: String) async throws {
        let guess: OptimisticResponse<BookTripMutation.Data> = ["bookTrips": ["success": true, "launches": [["id": .string(id), "isBooked": true]]]]
        guard let result = try await send(BookTripMutation(id: id), guess: guess) else { return }
        try result.throwIfErrors()
        guard let booking = result.data?.bookTrips else { throw ExampleFailure("no booking result") }
        let outcome = booking.success ? "Success!" : "Could not book trip:"
        print("\(outcome) \(booking.message ?? (booking.success ? "Trip booked successfully" : "Unknown failure."))")
    }

    func cancel(id: String) async throws {
        let guess: OptimisticResponse<CancelTripMutation.Data> = ["cancelTrip": ["success": true, "launches": [["id": .string(id), "isBooked": false]]]]
        guard let result = try await send(CancelTripMutation(id: id), guess: guess) else { return }
        try result.throwIfErrors()
        guard let cancellation = result.data?.cancelTrip else { throw ExampleFailure("no cancellation result") }
        let outcome = cancellation.success ? "Trip cancelled." : "Could not cancel trip:"
        print("\(outcome) \(cancellation.message ?? (cancellation.success ? "Your trip has been officially cancelled." : "Unknown failure."))")
    }
}

/// A step that could not go on, with what happened.
struct ExampleFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension GraphQLResult {
    /// Where the result came from, as the story prints it.
    var sourceNote: String {
        source == .cache ? "(from the cache)" : "(from the server)"
    }

    /// GraphQL errors are results, not thrown; the example stops at the first step that has any.
    func throwIfErrors() throws {
        if let errors, !errors.isEmpty {
            throw ExampleFailure("the server answered with errors: " + errors.map(\.message).joined(separator: "; "))
        }
    }
}
