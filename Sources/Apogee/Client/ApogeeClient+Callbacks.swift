import ApogeeAPI
import Dispatch

extension ApogeeClient {
    /// Sends a query and calls `resultHandler` with the outcome, as Apollo iOS does:
    ///
    /// ```swift
    /// client.fetch(query: LaunchListQuery()) { result in
    ///     switch result {
    ///     case .success(let graphQLResult): …
    ///     case .failure(let error): …
    ///     }
    /// }
    /// ```
    ///
    /// With ``CachePolicy/returnCacheDataAndFetch`` the handler is called twice when the store
    /// has the data: with the store's result, then with the server's.
    /// - Parameters:
    ///   - query: The query to fetch.
    ///   - cachePolicy: Whether the store, the server or both answer;
    ///     ``CachePolicy/returnCacheDataElseFetch`` by default.
    ///   - context: Values for the interceptors of this request.
    ///   - queue: Where to call the handler; by default it is called from the task that ran the
    ///     request. Pass `.main` to update a user interface.
    ///   - resultHandler: Called with each result, or with the error that ended the request.
    /// - Returns: A handle that cancels the request.
    @discardableResult
    public func fetch<Query: GraphQLQuery>(
        query: Query,
        cachePolicy: CachePolicy = .default,
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        resultHandler: GraphQLResultHandler<Query.Data>? = nil
    ) -> any Cancellable {
        guard cachePolicy != .returnCacheDataAndFetch else {
            let results = fetchResults(query: query, cachePolicy: cachePolicy, context: context)
            return deliverEach(of: results, queue: queue, resultHandler: resultHandler)
        }
        return run(queue: queue, resultHandler: resultHandler) { try await self.fetch(query: query, cachePolicy: cachePolicy, context: context) }
    }

    /// Sends a mutation and calls `resultHandler` with the outcome, as Apollo iOS does:
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
    ///   - mutation: The mutation to send.
    ///   - context: Values for the interceptors of this request.
    ///   - queue: Where to call the handler; by default it is called from the task that ran the
    ///     request. Pass `.main` to update a user interface.
    ///   - resultHandler: Called with the outcome. Required: without it,
    ///     `client.perform(mutation: m)` in synchronous code would compile into a mutation
    ///     sent in the background whose outcome nobody sees, where the caller meant to
    ///     `await` it.
    /// - Returns: A handle that cancels the request.
    @discardableResult
    public func perform<Mutation: GraphQLMutation>(
        mutation: Mutation,
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        resultHandler: @escaping GraphQLResultHandler<Mutation.Data>
    ) -> any Cancellable {
        run(queue: queue, resultHandler: resultHandler) { try await self.perform(mutation: mutation, context: context) }
    }

    private func run<Data: Sendable>(
        queue: DispatchQueue?,
        resultHandler: GraphQLResultHandler<Data>?,
        operation: @escaping @Sendable () async throws -> GraphQLResult<Data>
    ) -> any Cancellable {
        TaskCancellable(Task {
            let outcome: Result<GraphQLResult<Data>, any Error>
            do {
                outcome = .success(try await operation())
            } catch {
                outcome = .failure(error)
            }
            Self.call(resultHandler, with: outcome, on: queue)
        })
    }

    /// Calls the handler with each result of `results`, then with the error that ends them, or
    /// with `CancellationError` when the task is cancelled first.
    func deliverEach<Data: Sendable>(
        of results: AsyncThrowingStream<GraphQLResult<Data>, any Error>,
        queue: DispatchQueue?,
        resultHandler: GraphQLResultHandler<Data>?
    ) -> any Cancellable {
        TaskCancellable(Task {
            do {
                for try await result in results {
                    Self.call(resultHandler, with: .success(result), on: queue)
                }
                // A cancelled stream ends quietly; the handler is told why there is no more.
                try Task.checkCancellation()
            } catch {
                Self.call(resultHandler, with: .failure(error), on: queue)
            }
        })
    }

    private static func call<Data: Sendable>(
        _ resultHandler: GraphQLResultHandler<Data>?,
        with outcome: Result<GraphQLResult<Data>, any Error>,
        on queue: DispatchQueue?
    ) {
        guard let resultHandler else { return }
        if let queue {
            queue.async { resultHandler(outcome) }
        } else {
            resultHandler(outcome)
        }
    }
}
