import Testing
import Apogee
import ApogeeExampleServer
import Foundation

extension ExampleServer {
    /// A client for this server's RocketReserver endpoint.
    ///
    /// Without retries unless a provider says otherwise, so that a scripted fault is answered
    /// once and the test sees exactly what the server sent. On `stack`, or the platform's
    /// default transport.
    func client(
        _ stack: HTTPStack? = nil,
        provider: any InterceptorProvider = DefaultInterceptorProvider(retry: nil),
        configuration: ApogeeClient.Configuration = ApogeeClient.Configuration()
    ) -> ApogeeClient {
        let transport = stack?.makeTransport() ?? platformDefaultHTTPTransport()
        return ApogeeClient(url: rocketReserverURL, interceptorProvider: provider, transport: transport, configuration: configuration)
    }

    /// The JSON body of a recorded request, parsed.
    func recordedBody(at index: Int) throws -> JSONObject {
        let requests = recordedRequests
        try #require(requests.indices.contains(index), "the server recorded \(requests.count) request(s)")
        return try #require(try JSONValue(parsing: requests[index].body).objectValue)
    }

    /// Waits until the server has received `count` requests, for tests that must act while a
    /// request is in flight. Polls, and gives up after `limit` so a broken test fails instead
    /// of hanging.
    func waitForRequests(_ count: Int, limit: Duration = .seconds(20)) async throws {
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
