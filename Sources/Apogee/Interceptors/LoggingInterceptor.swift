import ApogeeAPI
import Foundation
import HTTPTypes
import Logging

/// Logs each request and its outcome through swift-log, without credentials.
///
/// Header values that may carry a secret are replaced by `<redacted>` (see ``HeaderRedaction``),
/// and variables are logged by name only, since their values may be passwords or personal data.
/// Place it last in the chain to log each attempt as it is sent, with the header fields the
/// interceptors before it added.
public struct LoggingInterceptor: GraphQLStreamInterceptor {
    /// Where the entries go.
    public let logger: Logger
    /// The level of the request and response entries; failures are logged at `warning`.
    public let level: Logger.Level
    /// Which header values are hidden.
    public let redaction: HeaderRedaction

    /// Creates the interceptor.
    public init(logger: Logger, level: Logger.Level = .debug, redaction: HeaderRedaction = HeaderRedaction()) {
        self.logger = logger
        self.level = level
        self.redaction = redaction
    }

    /// Logs the request, passes it on, and logs each result (every event of a subscription)
    /// and the failure that ends the stream, if one does.
    public func interceptStream<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
    ) async throws -> GraphQLResultStream<Operation.Data> {
        let operation = "\(Operation.operationType.rawValue) \(Operation.operationName)"
        logger.log(level: level, "GraphQL request \(operation)", metadata: requestMetadata(request))
        let start = ContinuousClock.now
        let stream: GraphQLResultStream<Operation.Data>
        do {
            stream = try await next(request)
        } catch {
            logFailure(error, of: operation, since: start)
            throw error
        }
        return stream
            .map { result in
                logger.log(level: level, "GraphQL response \(operation)", metadata: responseMetadata(result, elapsed: ContinuousClock.now - start))
                return result
            }
            .observingFailure { error in logFailure(error, of: operation, since: start) }
    }

    private func logFailure(_ error: any Error, of operation: String, since start: ContinuousClock.Instant) {
        logger.warning("GraphQL request \(operation) failed: \(error)", metadata: ["elapsed": "\(ContinuousClock.now - start)"])
    }

    private func requestMetadata<Operation>(_ request: GraphQLRequest<Operation>) -> Logger.Metadata {
        [
            "method": "\(request.method.rawValue)",
            "url": "\(request.url.absoluteString)",
            "headers": .dictionary(redaction.loggable(request.headers).mapValues { .string($0) }),
            "variables": .array(request.body.variables.map { .string($0.name) }),
            "persisted": "\(request.body.query == nil)",
        ]
    }

    private func responseMetadata<Data>(_ result: GraphQLResult<Data>, elapsed: Duration) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "source": "\(result.source)",
            "elapsed": "\(elapsed)",
            "errors": "\(result.errors?.count ?? 0)",
        ]
        if let response = result.httpResponse {
            metadata["status"] = "\(response.status.code)"
            metadata["headers"] = .dictionary(redaction.loggable(response.headerFields).mapValues { .string($0) })
        }
        return metadata
    }
}

/// It waits for nothing but the chain below it.
extension LoggingInterceptor: KeepsRequestDeadline {}
