/// Where a ``GraphQLResult`` came from.
public enum ResultSource: Sendable, Hashable {
    /// The server answered the request.
    case server
    /// The local store answered without a request.
    case cache
}
