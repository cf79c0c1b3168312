import Apogee
import ApogeeAPI

/// Records each attempt of an operation: the retries and the bytes each attempt sent and
/// received.
///
/// Get it from ``MetricsInterceptor/attempts`` and place it right after `RetryInterceptor`,
/// where every attempt passes: the ``MetricsInterceptor``, before the retries, sees only the
/// operation as a whole. Each attempt after the first counts in `retries`, tallied in the
/// request context the ``MetricsInterceptor`` prepared; without it before this one no retry is
/// counted, since nothing then tells a first attempt from a later one.
///
/// Bytes are what each result's `ResponseMetadata.bodySizes` says, for the transports
/// that fill it (`HTTPNetworkTransport` for queries and mutations, or a transport of the app's
/// own): the request body as sent (nothing for a `GET`, whose operation is in the URL; nothing
/// for a streamed upload of unknown length) and the response body as the HTTP stack handed it
/// over, after any content decoding. Header fields are not counted, nor attempts that failed
/// without a result, nor subscriptions, batched operations and operations over a WebSocket,
/// whose bytes are not one operation's.
/// Interceptors after this one that send twice in one attempt (a persisted query the server
/// did not know) count the exchange whose result they return.
public struct AttemptMetricsInterceptor: GraphQLStreamInterceptor {
    /// The interceptor whose operations' attempts this one counts: its backend and names.
    public let operations: MetricsInterceptor

    /// Made by ``MetricsInterceptor/attempts``, so that both record into one backend.
    init(operations: MetricsInterceptor) {
        self.operations = operations
    }

    /// Counts the attempt, passes it on, and counts the bytes of its result.
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        let metrics = OperationMetrics(Operation.self, factory: operations.factory, labels: operations.labels)
        if let tally = request.context[AttemptTallyKey.self], tally.countAttempt() > 1 {
            metrics.count(\.retries)
        }
        return try await next(request).map { result in
            if let sizes = result.metadata.bodySizes {
                if let sent = sizes.sent { metrics.count(\.bytesSent, by: sent) }
                metrics.count(\.bytesReceived, by: sizes.received)
            }
            return result
        }
    }
}
