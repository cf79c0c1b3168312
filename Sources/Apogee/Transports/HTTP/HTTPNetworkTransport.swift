import ApogeeAPI
import Foundation
import HTTPTypes

/// Sends operations over HTTP: queries and mutations as one request and one response each,
/// or as one response in parts for those with `@defer` or `@stream`, and subscriptions as
/// GraphQL over server-sent events (or Apollo's multipart subscriptions, see
/// ``subscriptionProtocol``).
///
/// The HTTP itself is an ``HTTPTransport``'s (see ``platformDefaultHTTPTransport()``). A subscription is a
/// `POST` with `Accept: text/event-stream` (graphql-sse's distinct connections mode): each
/// `next` event is a result, `complete` ends the stream, and stopping the stream closes the
/// connection, which ends the subscription on the server. A server that answers with a plain
/// GraphQL response instead (a validation error, say) gives that one result. When the
/// connection is lost before `complete` (a restarted server), the subscription is sent again
/// after a backoff, as graphql-sse's client does; events sent meanwhile are lost. With
/// ``HTTPSubscriptionProtocol/multipart`` the events are parts of a `multipart/mixed` body
/// instead, heartbeats (`{}`) keep it open, and its closing boundary, or a `payload` of
/// `null`, ends the subscription; lost connections are sent again the same way.
///
/// An operation with `@defer` or `@stream` offers ``incrementalDeliveryFormats`` and gets a
/// result for each payload of the `multipart/mixed` answer, each with all the data so far.
public struct HTTPNetworkTransport: NetworkTransport {
    /// Sends the HTTP requests.
    public let transport: any HTTPTransport

    /// How long a subscription's connection may stay silent before it is given up. A day by
    /// default: events may be rare, and servers send comments to keep connections alive.
    public var eventStreamIdleTimeout: Duration
    /// How often and how soon a subscription whose connection was lost is sent again; its
    /// ``RetryPolicy/maximumAttempts`` counts attempts in a row without an event. `nil` fails
    /// the subscription at once. 8 attempts from 0.5 s, doubling up to 30 s, by default.
    public var eventStreamReconnection: RetryPolicy?
    /// Waits between reconnection attempts; tests pass one that records the delays.
    public var sleeper: any Sleeper
    /// How subscriptions are carried: GraphQL over server-sent events by default, or Apollo's
    /// multipart subscriptions for a server (Apollo Router) that serves those.
    public var subscriptionProtocol = HTTPSubscriptionProtocol.serverSentEvents
    /// The formats of incremental delivery a request for an operation with `@defer` or
    /// `@stream` offers, in order of preference; the response is read in whichever the server
    /// chose. Both by default, the current one first. Empty offers none: the server then
    /// answers in one response, or refuses the operation.
    public var incrementalDeliveryFormats = IncrementalDeliveryFormat.all
    /// The largest part of a `multipart/mixed` response read, in bytes: a payload of
    /// incremental delivery or an event of a multipart subscription. A larger one fails the request, so that a server cannot make the
    /// client buffer without end. 16 MiB by default.
    public var maximumPartSize = 16 * 1024 * 1024

    /// Creates a transport over `transport`.
    public init(
        transport: any HTTPTransport = platformDefaultHTTPTransport(),
        eventStreamIdleTimeout: Duration = .seconds(86_400),
        eventStreamReconnection: RetryPolicy? = RetryPolicy(maximumAttempts: 8, initialDelay: .milliseconds(500), maximumDelay: .seconds(30)),
        sleeper: any Sleeper = TaskSleeper()
    ) {
        self.transport = transport
        self.eventStreamIdleTimeout = eventStreamIdleTimeout
        self.eventStreamReconnection = eventStreamReconnection
        self.sleeper = sleeper
    }

    /// The HTTP transport that sends every request.
    public var httpTransport: (any HTTPTransport)? { transport }

    /// Shuts the HTTP transport down.
    public func shutdown() async throws {
        try await transport.shutdown()
    }

    /// Sends the request and reads its response, or its stream of events for a subscription.
    public func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        switch request.delivery {
        case .subscription: return try await subscribe(request)
        case .incremental: return try await sendIncremental(request)
        case .single: break
        }
        let httpRequest = try request.httpRequest()
        let response = try await transport.send(httpRequest)
        let metadata = ResponseMetadata(httpResponse: response.head, bodySizes: .init(sent: httpRequest.body.count, received: response.body.count))
        return GraphQLResultStream(result: try GraphQLResult<Operation.Data>(decoding: try response.graphQLBody(), metadata: metadata))
    }
}

/// A query or a mutation is one exchange of the HTTP transport's, which keeps the request's
/// deadline when it says so.
extension HTTPNetworkTransport: KeepsRequestDeadline {
    package var keepsRequestDeadline: Bool {
        (transport as? any KeepsRequestDeadline)?.keepsRequestDeadline ?? false
    }
}
