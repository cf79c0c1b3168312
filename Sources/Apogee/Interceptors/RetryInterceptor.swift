import ApogeeAPI
import HTTPTypes

/// Sends a request again after a failure that may pass: a transport failure, a 5xx status, or
/// 429 Too Many Requests (waiting as long as its `Retry-After` asks).
///
/// Retries go from this interceptor's place in the chain, so the interceptors after it (the
/// token, persisted queries) run again for each attempt. Queries are retried by default;
/// mutations and requests with file uploads only when ``RetryPolicy/retriesMutations`` is set. When the attempts run out,
/// the last failure is thrown (or the last result returned) as it was.
public struct RetryInterceptor: GraphQLStreamInterceptor {
    /// When and how soon to retry.
    public let policy: RetryPolicy
    private let sleeper: any Sleeper

    /// Creates the interceptor.
    /// - Parameters:
    ///   - policy: Attempts, backoff and which operations are retried.
    ///   - sleeper: Waits between attempts; tests pass one that records the delays.
    public init(policy: RetryPolicy = RetryPolicy(), sleeper: any Sleeper = TaskSleeper()) {
        self.policy = policy
        self.sleeper = sleeper
    }

    /// Passes the request on, again after a backoff while the outcome (a failure, or the first
    /// result) is retryable and attempts remain. Subscriptions pass through, as
    /// ``RetryPolicy/retries(_:)`` says: their transport reconnects and resubscribes itself.
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        // Files make a request a mutation whatever its operation says; each attempt reads
        // them again from the start.
        let retries = request.body.containsUploads ? policy.retriesMutations : policy.retries(Operation.operationType)
        guard retries, policy.maximumAttempts > 1 else {
            return try await next(request)
        }
        return try await sendRetrying(request, next: next)
    }

    /// Sends `request` until an attempt succeeds, fails for good or uses up the policy.
    ///
    /// Apart from ``interceptStream(_:next:)`` so that a request that is never retried (most
    /// mutations) does not pay for this loop's state: in generic code each of its values is an
    /// allocation on the task's stack, made when the function starts.
    private func sendRetrying<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        var generator = SystemRandomNumberGenerator()
        var attempt = 1
        while true {
            let outcome: Result<(first: GraphQLResult<Operation.Data>?, stream: GraphQLResultStream<Operation.Data>), any Error>
            do {
                outcome = .success(try await next(request).withFirstResult())
            } catch {
                outcome = .failure(error)
            }
            guard attempt < policy.maximumAttempts, let wait = retryDelay(after: outcome.map(\.first), retry: attempt, using: &generator) else {
                return try outcome.get().stream
            }
            try await sleepBeforeRetry(wait, deadline: request.context.requestDeadline)
            attempt += 1
        }
    }

    /// Waits `wait` before the next attempt, or, when the request's deadline comes first,
    /// until the deadline and then fails with its error: an attempt after it could not count.
    private func sleepBeforeRetry(_ wait: Duration, deadline: RequestDeadline?) async throws {
        guard let deadline else { return try await sleeper.sleep(for: wait) }
        let remaining = deadline.remaining
        guard wait < remaining else {
            try await sleeper.sleep(for: remaining)
            throw deadline.exceeded
        }
        try await sleeper.sleep(for: wait)
    }

    /// The wait before the next attempt, or `nil` when the outcome is final.
    private func retryDelay<Data>(after outcome: Result<GraphQLResult<Data>?, any Error>, retry: Int, using generator: inout some RandomNumberGenerator) -> Duration? {
        switch outcome {
        case .success(let result):
            guard let head = result?.httpResponse, Self.isRetryable(head.status) else { return nil }
            return delay(beforeRetry: retry, honoring: head, using: &generator)
        case .failure(let error as ApogeeError):
            if let failure = error.transportError {
                return failure.mayPassOnRetry ? policy.delay(beforeRetry: retry, using: &generator) : nil
            }
            // Only an answer the server sent (an error status, or a body that is not GraphQL) has a head.
            guard let head = error.httpResponse, Self.isRetryable(head.status) else { return nil }
            return delay(beforeRetry: retry, honoring: head, using: &generator)
        case .failure:
            return nil
        }
    }

    /// The backoff, unless the server said how long to wait; a wait longer than the policy's
    /// maximum ends the retries, since coming back sooner would go against the server's word.
    private func delay(beforeRetry retry: Int, honoring head: HTTPResponse, using generator: inout some RandomNumberGenerator) -> Duration? {
        guard let retryAfter = RetryAfter.delay(in: head) else {
            return policy.delay(beforeRetry: retry, using: &generator)
        }
        return retryAfter <= policy.maximumDelay ? retryAfter : nil
    }

    private static func isRetryable(_ status: HTTPResponse.Status) -> Bool {
        status == .tooManyRequests || status.kind == .serverError
    }
}

/// The backoff never outlasts the request's deadline, and each attempt goes through the
/// chain's transport, which keeps it.
extension RetryInterceptor: KeepsRequestDeadline {}
