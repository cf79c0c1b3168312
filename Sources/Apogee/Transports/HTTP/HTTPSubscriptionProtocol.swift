/// How ``HTTPNetworkTransport`` carries a subscription over HTTP: one long response whose
/// body delivers the events.
public struct HTTPSubscriptionProtocol: Sendable, Hashable, CustomStringConvertible {
    /// The `Accept` field that asks for the protocol.
    let accept: String
    /// The media type of a response in the protocol.
    let mediaType: String
    /// The protocol's name, for descriptions.
    public let description: String

    /// GraphQL over server-sent events (graphql-sse's distinct connections mode): `next`
    /// events, then `complete`. What GraphQL Yoga, Hot Chocolate and the example server serve.
    public static let serverSentEvents = HTTPSubscriptionProtocol(
        accept: "text/event-stream",
        mediaType: "text/event-stream",
        description: "server-sent events"
    )

    /// Apollo's multipart subscriptions (`subscriptionSpec=1.0`), which Apollo Router serves:
    /// each event a part of a `multipart/mixed` body, with heartbeats between them.
    public static let multipart = HTTPSubscriptionProtocol(
        accept: "multipart/mixed;subscriptionSpec=1.0, " + GraphQLOverHTTP.acceptedMediaTypes,
        mediaType: "multipart/mixed",
        description: "multipart subscriptions"
    )
}
