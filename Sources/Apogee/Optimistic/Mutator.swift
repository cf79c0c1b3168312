import ApogeeAPI
import ApogeeStore
import Observation

/// The state of one mutation operation for a user interface, observable with the Observation
/// framework: SwiftUI views that read it update when it changes, and any code can watch it
/// with `withObservationTracking` (on Linux too).
///
/// ```swift
/// @State private var changeStatus: Mutator<ChangeTodoStatusMutation>
///
/// init(client: ApogeeClient) {
///     _changeStatus = State(initialValue: Mutator(client: client))
/// }
///
/// Button { changeStatus.commit(id: todo.id, complete: !todo.complete) } label: { … }
///     .disabled(changeStatus.isInFlight)
/// ```
///
/// As in Relay, a convenience `commit` for one operation keeps views short:
///
/// ```swift
/// extension Mutator where Operation == ChangeTodoStatusMutation {
///     func commit(id: String, complete: Bool) {
///         commit(
///             .init(input: .init(complete: complete, id: id, userId: "me")),
///             optimisticResponse: ["changeTodoStatus": ["todo": ["id": .string(id), "complete": .bool(complete)]]]
///         )
///     }
/// }
/// ```
///
/// It lives on the main actor, like the views that show it; the requests run off it.
@MainActor
@Observable
public final class Mutator<Operation: GraphQLMutation> {
    /// The client that sends the mutation and holds the store.
    @ObservationIgnored public let client: ApogeeClient

    /// Whether any commit of this mutator is waiting for the server: true from the moment
    /// ``commit(_:optimisticResponse:optimisticUpdater:updater:context:completion:)`` returns
    /// until the last of the commits in flight settles.
    public private(set) var isInFlight = false
    /// How many commits are waiting for the server.
    public private(set) var inFlightCount = 0 {
        didSet {
            // Set only on a change, so observers of isInFlight hear of real transitions only.
            if isInFlight != (inFlightCount > 0) { isInFlight = inFlightCount > 0 }
        }
    }
    /// The result of the commit that settled last, with its data and errors together.
    public private(set) var lastResult: GraphQLResult<Operation.Data>?
    /// Why the commit that settled last has no result (a failed request, a cancellation, an
    /// optimistic update that could not be applied); `nil` after a commit with a result.
    public private(set) var lastError: (any Error)?

    /// The data of the last result, when it has data.
    public var data: Operation.Data? { lastResult?.data }
    /// The GraphQL errors of the last result, when it has some.
    public var errors: [GraphQLError]? { lastResult?.errors }

    /// Creates the state of one mutation operation, sent through `client`.
    public init(client: ApogeeClient, operation: Operation.Type = Operation.self) {
        self.client = client
    }

    /// Sends the mutation. The optimistic update, if any, is in the store when this returns;
    /// the request runs in a task, and `completion` is called on the main actor when it settles.
    ///
    /// See ``ApogeeClient/perform(mutation:optimisticResponse:optimisticUpdater:updater:context:)``
    /// for what happens to the store.
    /// - Parameters:
    ///   - mutation: The mutation with its variables (`.init(input: .init(…))`).
    ///   - optimisticResponse: The `data` the server is expected to send, typed or as JSON.
    ///   - optimisticUpdater: Changes the store as though the mutation had succeeded.
    ///   - updater: Changes the store once the server's data is in it.
    ///   - context: Values for the interceptors of this request.
    ///   - completion: Gets the result (data and GraphQL errors together), or the error.
    /// - Returns: A handle that cancels the request and rolls the optimistic update back.
    @discardableResult
    public func commit(
        _ mutation: Operation,
        optimisticResponse: OptimisticResponse<Operation.Data>? = nil,
        optimisticUpdater: StoreUpdater<Operation.Data>? = nil,
        updater: StoreUpdater<Operation.Data>? = nil,
        context: RequestContext = RequestContext(),
        completion: (@MainActor (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)? = nil
    ) -> any Cancellable {
        TaskCancellable(start(mutation, optimisticResponse: optimisticResponse, optimisticUpdater: optimisticUpdater, updater: updater, context: context, completion: completion))
    }

    /// Builds the request, so that the optimistic update shows when this returns, and runs it
    /// in a task.
    private func start(
        _ mutation: Operation,
        optimisticResponse: OptimisticResponse<Operation.Data>?,
        optimisticUpdater: StoreUpdater<Operation.Data>?,
        updater: StoreUpdater<Operation.Data>?,
        context: RequestContext,
        completion: (@MainActor (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)?
    ) -> Task<GraphQLResult<Operation.Data>, any Error> {
        let executor: OperationExecutor<Operation>
        do {
            executor = try OperationExecutor(
                client: client,
                mutation: mutation,
                optimisticResponse: optimisticResponse,
                optimisticUpdater: optimisticUpdater,
                updater: updater,
                context: context
            )
        } catch {
            settle(.failure(error), counted: false, completion: completion)
            return Task { throw error }
        }
        inFlightCount += 1
        return Task {
            let outcome: Result<GraphQLResult<Operation.Data>, any Error>
            do {
                outcome = .success(try await executor.firstResult())
            } catch {
                outcome = .failure(error)
            }
            settle(outcome, counted: true, completion: completion)
            return try outcome.get()
        }
    }

    /// Sends the mutation and waits for it, for code that is async already.
    /// - Returns: The result, with data and GraphQL errors together.
    /// - Throws: What ``ApogeeClient/perform(mutation:optimisticResponse:optimisticUpdater:updater:context:)`` throws.
    public func perform(
        _ mutation: Operation,
        optimisticResponse: OptimisticResponse<Operation.Data>? = nil,
        optimisticUpdater: StoreUpdater<Operation.Data>? = nil,
        updater: StoreUpdater<Operation.Data>? = nil,
        context: RequestContext = RequestContext()
    ) async throws -> GraphQLResult<Operation.Data> {
        let task = start(
            mutation,
            optimisticResponse: optimisticResponse,
            optimisticUpdater: optimisticUpdater,
            updater: updater,
            context: context,
            completion: nil
        )
        // Cancelling the caller cancels the request, which rolls the optimistic update back.
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Sends the mutation: Relay.swift's spelling of
    /// ``commit(_:optimisticResponse:optimisticUpdater:updater:context:completion:)``, as its
    /// documentation shows it (`changeStatus.commit(variables: .init(input: …))`). The argument is
    /// the mutation, whose initializer takes the variables, so `.init(…)` reads the same.
    @discardableResult
    public func commit(
        variables mutation: Operation,
        optimisticResponse: OptimisticResponse<Operation.Data>? = nil,
        optimisticUpdater: StoreUpdater<Operation.Data>? = nil,
        updater: StoreUpdater<Operation.Data>? = nil,
        context: RequestContext = RequestContext(),
        completion: (@MainActor (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)? = nil
    ) -> any Cancellable {
        commit(mutation, optimisticResponse: optimisticResponse, optimisticUpdater: optimisticUpdater, updater: updater, context: context, completion: completion)
    }

    private func settle(
        _ outcome: Result<GraphQLResult<Operation.Data>, any Error>,
        counted: Bool,
        completion: (@MainActor (Result<GraphQLResult<Operation.Data>, any Error>) -> Void)?
    ) {
        switch outcome {
        case .success(let result):
            lastResult = result
            lastError = nil
        case .failure(let error):
            lastResult = nil
            lastError = error
        }
        if counted { inFlightCount -= 1 }
        completion?(outcome)
    }
}
