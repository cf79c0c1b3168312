@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import Testing
import TodoAPI

/// Names a request for ``GateInterceptor``: requests with a name wait at the gate of that name.
enum GateName: RequestContextKey {
    static let defaultValue: String? = nil
}

/// Gates that hold requests until a test opens them, so a test decides the order in which
/// mutations in flight settle instead of relying on timing.
actor Gates {
    private var opened: Set<String> = []
    private var waiting: [String: [UUID: CheckedContinuation<Void, any Error>]] = [:]
    private var arrived: [String: Int] = [:]
    private var arrivalWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Waits until the gate `name` opens; a cancelled task stops waiting with `CancellationError`.
    func pass(_ name: String) async throws {
        arrived[name, default: 0] += 1
        for waiter in arrivalWaiters.removeValue(forKey: name) ?? [] { waiter.resume() }
        guard !opened.contains(name) else { return }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting[name, default: [:]][id] = continuation
            }
        } onCancel: {
            Task { await self.cancel(id, at: name) }
        }
    }

    private func cancel(_ id: UUID, at name: String) {
        waiting[name]?.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    /// Opens a gate: requests waiting there go on, and later ones pass at once.
    func open(_ name: String) {
        opened.insert(name)
        for waiter in waiting.removeValue(forKey: name)?.values ?? [:].values { waiter.resume() }
    }

    /// Waits until a request has reached the gate `name`.
    func waitForArrival(_ name: String) async {
        if arrived[name, default: 0] > 0 { return }
        await withCheckedContinuation { arrivalWaiters[name, default: []].append($0) }
    }
}

/// Holds the server's answer to a named request at its gate before handing it to the client:
/// the server has done the mutation, and the client settles only when the test says so.
struct GateInterceptor: ResultInterceptor {
    let gates: Gates
    /// The gate a request waits at, if any: by default the one its context names.
    var gateName: @Sendable (RequestContext) -> String? = { $0[GateName.self] }

    func adjust<Operation: GraphQLOperation>(
        _ result: GraphQLResult<Operation.Data>, of request: GraphQLRequest<Operation>
    ) async throws -> GraphQLResult<Operation.Data> {
        if let name = gateName(request.context) { try await gates.pass(name) }
        return result
    }
}

/// The default chain without retries, with a gate at the end.
struct GatedProvider: InterceptorProvider {
    let gates: Gates
    /// The gate a result waits at, if any: by default the one its request's context names.
    var gateName: @Sendable (RequestContext) -> String? = { $0[GateName.self] }

    func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        DefaultInterceptorProvider(retry: nil).interceptors(for: operation) + [GateInterceptor(gates: gates, gateName: gateName)]
    }
}

extension ExampleServer {
    /// A client for the Todo endpoint whose named requests wait at `gates`.
    func todoClient(gates: Gates = Gates()) -> ApogeeClient {
        ApogeeClient(url: todoURL, interceptorProvider: GatedProvider(gates: gates))
    }
}

extension RequestContext {
    /// A context whose request waits at the gate `name`.
    static func gate(_ name: String) -> RequestContext {
        var context = RequestContext()
        context[GateName.self] = name
        return context
    }
}

/// The to-do list of the seeded server, fetched into the client's store.
struct TodoFixture {
    let client: ApogeeClient
    let list: TodoListQuery.Data

    init(client: ApogeeClient, first: Int = 10) async throws {
        self.client = client
        let query = TodoListQuery(first: .some(first))
        let result = try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheData)
        #expect(result.errors == nil)
        // The server's result carries `__id` (the connection's record key) from the store.
        self.list = try #require(result.data)
    }

    var user: TodoListQuery.Data.User {
        get throws { try #require(list.user) }
    }

    /// The connection's record key, from `__id`.
    var connectionID: String {
        get throws { try #require(try user.todos?.__id) }
    }

    /// The seeded to-do at a position.
    func todo(_ index: Int) throws -> TodoRow {
        let edges = try #require(try user.todos?.edges)
        return try #require(edges[index]?.node?.fragments.todoRow)
    }
}

extension TodoListQuery.Data {
    /// The rows of the list, in order.
    var rows: [TodoRow] {
        user?.todos?.edges?.compactMap { $0?.node?.fragments.todoRow } ?? []
    }
}

extension NormalizedStore {
    /// The to-do list as the store shows it now.
    func todoRows(first: Int = 10) throws -> [TodoRow] {
        try read(TodoListQuery(first: .some(first))).result.get().rows
    }

    /// One to-do as the store shows it now.
    func todoRow(_ id: String) throws -> TodoRow {
        try read(TodoRow.self, key: CacheKey("Todo:" + id)).result.get()
    }
}

extension AsyncStream.Iterator {
    /// The next element, or a test failure when the stream ended.
    mutating func nextValue() async throws -> Element {
        try #require(await next())
    }
}

/// The guide's toggle of a to-do.
func toggle(_ id: String, complete: Bool) -> ChangeTodoStatusMutation {
    ChangeTodoStatusMutation(input: .init(complete: complete, id: id, userId: "me"))
}

/// The guide's optimistic response to ``toggle(_:complete:)``, as a JSON object.
func toggleGuess(_ id: String, complete: Bool) -> OptimisticResponse<ChangeTodoStatusMutation.Data> {
    ["changeTodoStatus": ["todo": ["id": .string(id), "complete": .bool(complete)]]]
}
