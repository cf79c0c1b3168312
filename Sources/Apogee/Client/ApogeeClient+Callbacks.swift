import ApogeeAPI
import Dispatch

/// The handler of a completion-handler call: the result, or why there is none.
public typealias GraphQLResultHandler<Data: Sendable> = @Sendable (Result<GraphQLResult<Data>, any Error>) -> Void

extension ApogeeClient {
    /// Sends a query and calls `resultHandler` with the outcome, as the reference documents do:
    ///
    /// ```swift
    /// client.fetch(query: LaunchListQuery()) { result in
    ///     switch result {
    ///     case .success(let graphQLResult): …
    ///     case .failure(let error): …
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - context: Values for the interceptors of this request.
    ///   - queue: Where to call the handler; by default it is called from the task that ran the
    ///     request. Pass `.main` to update a user interface.
    /// - Returns: A handle that cancels the request.
    @discardableResult
    public func fetch<Query: GraphQLQuery>(
        query: Query,
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        resultHandler: GraphQLResultHandler<Query.Data>? = nil
    ) -> any Cancellable {
        run(queue: queue, resultHandler: resultHandler) { try await self.fetch(query: query, context: context) }
    }

    /// Sends a mutation and calls `resultHandler` with the outcome, as the reference documents do:
    ///
    /// ```swift
    /// client.perform(mutation: BookTripMutation(id: id)) { result in
    ///     switch result {
    ///     case .success(let graphQLResult):
    ///         if let bookingResult = graphQLResult.data?.bookTrips { … }
    ///         if let errors = graphQLResult.errors { … }
    ///     case .failure(let error): …
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - context: Values for the interceptors of this request.
    ///   - queue: Where to call the handler; by default it is called from the task that ran the
    ///     request. Pass `.main` to update a user interface.
    /// - Returns: A handle that cancels the request.
    @discardableResult
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation,
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        resultHandler: GraphQLResultHandler<Mutation.Data>? = nil
    ) -> any Cancellable {
        run(queue: queue, resultHandler: resultHandler) { try await self.perform(mutation: mutation, context: context) }
    }

    private func run<Data: Sendable>(
        queue: DispatchQueue?,
        resultHandler: GraphQLResultHandler<Data>?,
        operation: @escaping @Sendable () async throws -> GraphQLResult<Data>
    ) -> any Cancellable {
        Task {
            let outcome: Result<GraphQLResult<Data>, any Error>
            do {
                outcome = .success(try await operation())
            } catch {
                outcome = .failure(error)
            }
            guard let resultHandler else { return }
            if let queue {
                queue.async { resultHandler(outcome) }
            } else {
                resultHandler(outcome)
            }
        }
    }
}
