import Apogee
import ApogeeExampleServer
import BenchmarkSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(AsyncHTTPClient)
import ApogeeAsyncHTTPClient
import AsyncHTTPClient
import HTTPTypes
import NIOCore
#endif

/// An example server on loopback for one benchmark, started in its setup and stopped in its
/// teardown, with the ways of sending the same mutation to it: the client on the platform's
/// default transport, on each HTTP stack, and the same bytes posted with URLSession and with
/// AsyncHTTPClient directly.
final class LoopbackServer: @unchecked Sendable {
    // Set in setup and cleared in teardown, which the benchmark runner never overlaps with the
    // measured closure.
    private(set) var server: ExampleServer?
    /// The client on the platform's native transport (AsyncHTTPClient on Linux).
    private(set) var client: ApogeeClient?
    /// The client on the default transport, batching: a window of 5 ms, up to 10 a batch.
    private(set) var batchingClient: ApogeeClient?
    /// The client on `URLSessionTransport`.
    private(set) var urlSessionClient: ApogeeClient?
    private(set) var urlRequest: URLRequest?
    let session = URLSession(configuration: .ephemeral)
    #if canImport(AsyncHTTPClient)
    /// The client on an `AsyncHTTPClientTransport` of its own.
    private(set) var asyncHTTPClientClient: ApogeeClient?
    /// The same client with no whole-request deadline, to show what the deadline costs.
    private(set) var undeadlinedClient: ApogeeClient?
    private var asyncHTTPClientTransport: AsyncHTTPClientTransport?
    /// A plain `HTTPClient`, configured as the transport configures its own.
    private(set) var rawHTTPClient: HTTPClient?
    private(set) var rawRequest: HTTPClientRequest?
    /// The same POST as the transport's own request, for the transport alone.
    private(set) var transportRequest: HTTPTransportRequest?
    #endif

    static let email = "benchmark@example.com"
    /// The mutation of every round trip, made once so that no pair pays for making it.
    static let login = LoginMutation(email: email)

    func start() async throws {
        let server = try await ExampleServer.start()
        self.server = server
        client = ApogeeClient(url: server.rocketReserverURL, transport: nativeHTTPTransport())
        urlSessionClient = ApogeeClient(url: server.rocketReserverURL, transport: URLSessionTransport())
        batchingClient = ApogeeClient(
            url: server.rocketReserverURL,
            networkTransport: BatchingNetworkTransport(transport: nativeHTTPTransport(), configuration: .init(window: .milliseconds(5), maximumBatchSize: 10))
        )
        urlRequest = Self.plainRequest(to: server.rocketReserverURL)
        #if canImport(AsyncHTTPClient)
        let transport = AsyncHTTPClientTransport()
        asyncHTTPClientTransport = transport
        asyncHTTPClientClient = ApogeeClient(url: server.rocketReserverURL, transport: transport)
        undeadlinedClient = ApogeeClient(url: server.rocketReserverURL, transport: transport, configuration: .init(requestDeadline: nil))
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .enabled(limit: .none))
        configuration.connectionPool.retryConnectionEstablishment = false
        rawHTTPClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        rawRequest = Self.plainHTTPClientRequest(to: server.rocketReserverURL)
        var headers = HTTPFields()
        headers[.accept] = Self.accept
        headers[.contentType] = "application/json"
        transportRequest = HTTPTransportRequest(method: .post, url: server.rocketReserverURL, headers: headers, body: .bytes(Self.loginBody), timeout: .seconds(60))
        #endif
    }

    func stop() async {
        await server?.shutdown()
        server = nil
        client = nil
        urlSessionClient = nil
        batchingClient = nil
        urlRequest = nil
        #if canImport(AsyncHTTPClient)
        try? await asyncHTTPClientTransport?.shutdown()
        try? await rawHTTPClient?.shutdown()
        asyncHTTPClientTransport = nil
        asyncHTTPClientClient = nil
        undeadlinedClient = nil
        rawHTTPClient = nil
        rawRequest = nil
        transportRequest = nil
        #endif
    }

    /// The body every way sends: the client's document and variables.
    private static var loginBody: Data {
        let body: JSONValue = [
            "query": .string(LoginMutation.document),
            "operationName": .string(LoginMutation.operationName),
            "variables": ["email": .string(email)],
        ]
        return Data(body.serialized())
    }

    private static let accept = "application/graphql-response+json, application/json;q=0.9"

    /// The same POST the client sends: the same document and variables, the same Accept and
    /// Content-Type.
    private static func plainRequest(to url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(accept, forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = loginBody
        return request
    }

    /// The login mutation every round trip sends, through one of this server's clients.
    func logIn(through client: ApogeeClient?) async throws -> GraphQLResult<LoginMutation.Data> {
        guard let client else { throw BenchmarkSetupFailure(description: "not started") }
        return try await client.perform(mutation: Self.login)
    }

    #if canImport(AsyncHTTPClient)
    /// The same POST, for AsyncHTTPClient.
    private static func plainHTTPClientRequest(to url: URL) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Accept", value: accept)
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: loginBody))
        return request
    }

    /// Posts the raw request and reads the whole answer, as the transport does.
    func postWithHTTPClient() async throws -> ByteBuffer {
        guard let rawHTTPClient, let rawRequest else { throw BenchmarkSetupFailure(description: "not started") }
        let response = try await rawHTTPClient.execute(rawRequest, timeout: .seconds(60))
        return try await response.body.collect(upTo: 64 << 20)
    }

    /// Sends the same POST through `AsyncHTTPClientTransport` alone, as the client's chain
    /// ends: no encoding, no decoding, no store.
    func postWithTransport() async throws -> HTTPTransportResponse {
        guard let asyncHTTPClientTransport, let transportRequest else { throw BenchmarkSetupFailure(description: "not started") }
        return try await asyncHTTPClientTransport.send(transportRequest)
    }
    #endif
}

/// A benchmark that measured something other than a successful round trip.
struct BenchmarkSetupFailure: Error, CustomStringConvertible {
    var description: String
}
