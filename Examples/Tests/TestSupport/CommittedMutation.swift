import Apogee

/// A mutation sent with ``Mutator``'s `commit`, whose outcome a test awaits: what the commit's
/// completion handler was given. The handle is the commit's own, so cancelling goes the way an
/// app's cancel goes.
@MainActor
public struct CommittedMutation<Operation: GraphQLMutation> {
    /// What `commit` returned.
    public let handle: any Cancellable
    private let outcome: Task<Result<GraphQLResult<Operation.Data>, any Error>, Never>

    /// Cancels the commit through its handle.
    public func cancel() {
        handle.cancel()
    }

    /// What the completion handler was given.
    public var result: Result<GraphQLResult<Operation.Data>, any Error> {
        get async { await outcome.value }
    }

    /// The result the completion handler was given, or its error, thrown.
    public var value: GraphQLResult<Operation.Data> {
        get async throws { try await outcome.value.get() }
    }

    fileprivate init(handle: any Cancellable, outcomes: AsyncStream<Result<GraphQLResult<Operation.Data>, any Error>>) {
        self.handle = handle
        outcome = Task {
            for await outcome in outcomes { return outcome }
            return .failure(CompletionNotCalled())
        }
    }
}

/// The commit's completion handler was released without being called.
public struct CompletionNotCalled: Error {}

extension Mutator {
    /// `commit(_:optimisticResponse:context:)`, with its completion handler's outcome to await.
    public func committing(
        _ mutation: Operation,
        optimisticResponse: OptimisticResponse<Operation.Data>? = nil,
        context: RequestContext = RequestContext()
    ) -> CommittedMutation<Operation> {
        let (outcomes, continuation) = AsyncStream.makeStream(of: Result<GraphQLResult<Operation.Data>, any Error>.self)
        let handle = commit(mutation, optimisticResponse: optimisticResponse, context: context) { outcome in
            continuation.yield(outcome)
            continuation.finish()
        }
        return CommittedMutation(handle: handle, outcomes: outcomes)
    }
}
