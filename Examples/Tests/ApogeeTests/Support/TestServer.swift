@testable import ApogeeAPI
import HTTPTypes
import Testing
@testable import Apogee
import ApogeeExampleServer
import Foundation
import RocketReserverAPI
import TestSupport

/// Runs `body` with a fresh example server and a client of its RocketReserver endpoint (see
/// ``ExampleServer/client(_:provider:configuration:)``): how most client tests begin.
func withClient<Result: Sendable>(_ body: (ExampleServer, ApogeeClient) async throws -> Result) async throws -> Result {
    try await withServer { server in try await body(server, server.client()) }
}

extension ExampleServer {
    /// A client for this server's RocketReserver endpoint.
    ///
    /// Without retries unless a provider says otherwise, so that a scripted fault is answered
    /// once and the test sees exactly what the server sent. On `stack`, or the platform's
    /// default transport, over `store`.
    func client(
        _ stack: HTTPStack? = nil,
        store: NormalizedStore = NormalizedStore(),
        provider: any InterceptorProvider = DefaultInterceptorProvider(retry: nil),
        configuration: ApogeeClient.Configuration = ApogeeClient.Configuration()
    ) -> ApogeeClient {
        let transport = (stack ?? .native).makeTransport()
        return ApogeeClient(url: rocketReserverURL, store: store, interceptorProvider: provider, transport: transport, configuration: configuration)
    }

    /// A client whose requests carry a token the server does not know: queries still get their
    /// data, but `me` comes back null with an error at its path (partial data).
    func clientWithUnknownToken() -> ApogeeClient {
        let unknownToken = ClosureInterceptor { headers, _, _ in headers[.authorization] = "not-a-token" }
        return client(provider: FixedInterceptorProvider([unknownToken]))
    }

    /// A client with its own store, logged in as `email` through the tutorial's token
    /// interceptor, so that it can book trips. Clients logged in with the same email are the
    /// same user on the server, each with a store of its own.
    func signedInClient(email: String = "cache@example.com", store: NormalizedStore = NormalizedStore()) async throws -> ApogeeClient {
        let tokens = InMemoryTokenStore()
        let client = ApogeeClient(url: rocketReserverURL, store: store, interceptorProvider: NetworkInterceptorProvider(tokens: tokens))
        let login = try await client.perform(mutation: LoginMutation(email: email))
        await tokens.setToken(try #require(login.data?.login?.token))
        return client
    }

    /// The JSON body of a recorded request, parsed.
    func recordedBody(at index: Int) throws -> JSONObject {
        let requests = recordedRequests
        try #require(requests.indices.contains(index), "the server recorded \(requests.count) request(s)")
        return try #require(try JSONValue(parsing: requests[index].body).objectValue)
    }

    /// Waits until the server has received `count` requests, for tests that must act while a
    /// request is in flight. Polls, and gives up after `limit` so a broken test fails instead
    /// of hanging: two minutes, since under the thread sanitizer, beside the suite's process-
    /// killing fleet tests, a request has taken more than twenty seconds to arrive.
    func waitForRequests(_ count: Int, limit: Duration = .seconds(120)) async throws {
        let deadline = ContinuousClock.now + limit
        while requestCount < count {
            guard ContinuousClock.now < deadline else {
                throw WaitTimedOut(expected: count, received: requestCount)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// The server did not receive the requests a test waited for.
struct WaitTimedOut: Error {
    var expected: Int
    var received: Int
}
