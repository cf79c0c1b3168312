import ApogeeAPI

/// Sends subscriptions through one transport and queries and mutations through another:
/// subscriptions over a WebSocket while the rest goes over HTTP, as most servers expect.
public struct SplitNetworkTransport: NetworkTransport {
    /// Sends queries and mutations.
    public let operations: any NetworkTransport
    /// Sends subscriptions.
    public let subscriptions: any NetworkTransport

    /// Creates a transport that sends subscriptions through `subscriptions` and every other
    /// operation through `operations`.
    public init(operations: any NetworkTransport, subscriptions: any NetworkTransport) {
        self.operations = operations
        self.subscriptions = subscriptions
    }

    /// The HTTP transport of ``operations``, which sends queries and mutations, when it has one.
    public var httpTransport: (any HTTPTransport)? { operations.httpTransport }

    /// Shuts both transports down, the subscriptions' first; the first error, if any, is
    /// thrown once both have been asked.
    public func shutdown() async throws {
        var firstError: (any Error)?
        do { try await subscriptions.shutdown() } catch { firstError = error }
        do { try await operations.shutdown() } catch { firstError = firstError ?? error }
        if let firstError { throw firstError }
    }

    /// Sends the request through the transport for its delivery: a subscription's, or the other.
    public func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        switch request.delivery {
        case .subscription: try await subscriptions.send(request)
        case .single, .incremental: try await operations.send(request)
        }
    }
}

/// Queries and mutations go through ``SplitNetworkTransport/operations``, which keeps the
/// request's deadline if it says so; subscriptions have none.
extension SplitNetworkTransport: KeepsRequestDeadline {
    package var keepsRequestDeadline: Bool {
        (operations as? any KeepsRequestDeadline)?.keepsRequestDeadline ?? false
    }
}
