import ApogeeStore
import Foundation

extension ApogeeClient {
    /// Releases what the client's transports made (connections, sockets, the threads of an
    /// `HTTPClient` they own) and ends the subscriptions still running. Requests sent
    /// afterwards fail. The store stays as it is, for other clients that share it.
    ///
    /// A server that makes a client per scope can use ``withApogeeClient(url:store:interceptorProvider:transport:subscriptionTransport:configuration:isolation:_:)``,
    /// which calls this however the scope ends.
    public func shutdown() async throws {
        try await networkTransport.shutdown()
    }
}

/// Runs `body` with a new client, and shuts the client down (``ApogeeClient/shutdown()``)
/// however `body` ends: when it returns, when it throws, and when the task is cancelled.
///
/// ```swift
/// let launches = try await withApogeeClient(url: endpoint) { client in
///     try await client.fetch(query: LaunchListQuery())
/// }
/// ```
///
/// When `body` throws, its error is thrown and a failure to shut down is dropped; when it
/// returns, a failure to shut down is thrown. The parameters are those of
/// ``ApogeeClient/init(url:store:interceptorProvider:transport:subscriptionTransport:configuration:)``.
public func withApogeeClient<Value>(
    url: URL,
    store: NormalizedStore = NormalizedStore(),
    interceptorProvider: any InterceptorProvider = DefaultInterceptorProvider(),
    transport: any HTTPTransport = platformDefaultHTTPTransport(),
    subscriptionTransport: (any NetworkTransport)? = nil,
    configuration: ApogeeClient.Configuration = ApogeeClient.Configuration(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ApogeeClient) async throws -> Value
) async throws -> Value {
    let client = ApogeeClient(
        url: url,
        store: store,
        interceptorProvider: interceptorProvider,
        transport: transport,
        subscriptionTransport: subscriptionTransport,
        configuration: configuration
    )
    let result: Value
    do {
        result = try await body(client)
    } catch {
        try? await client.shutdown()
        throw error
    }
    try await client.shutdown()
    return result
}
