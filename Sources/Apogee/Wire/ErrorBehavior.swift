/// What a server does with a field error, as the client asks in the request's `onError`:
/// the GraphQL working group's error behaviours (graphql-spec pull request 1163).
///
/// A server that does not know `onError` propagates errors as it always has, so the client
/// reads any answer the same way: a `null` the server explains with an error is a field
/// error wherever it stands (see `FieldResult`), and the nearest optional field above it (or
/// the `FieldResult`, or `@catch`) takes it. Send it only to a server that supports it:
/// ``ApogeeClient/Configuration/onError`` or ``RequestContext/onError``.
public enum ErrorBehavior: String, Sendable, Hashable, CaseIterable {
    /// The failed field is `null` where it is, even when the schema says it is non-null;
    /// nothing above it is lost. What a client that handles field errors wants.
    case null = "NULL"
    /// The error goes up to the nearest nullable field, as servers have always done.
    case propagate = "PROPAGATE"
    /// The server stops at the first error and answers `data: null`.
    case halt = "HALT"
}
