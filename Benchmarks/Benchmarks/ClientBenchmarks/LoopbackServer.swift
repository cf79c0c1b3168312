import Apogee
import ApogeeExampleServer
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An example server on loopback for one benchmark, started in its setup and stopped in its
/// teardown, with the two ways of sending the same mutation to it.
final class LoopbackServer: @unchecked Sendable {
    // Set in setup and cleared in teardown, which the benchmark runner never overlaps with the
    // measured closure.
    private(set) var server: ExampleServer?
    private(set) var client: ApogeeClient?
    private(set) var urlRequest: URLRequest?
    let session = URLSession(configuration: .ephemeral)

    static let email = "benchmark@example.com"

    func start() async throws {
        let server = try await ExampleServer.start()
        self.server = server
        client = ApogeeClient(url: server.rocketReserverURL)
        urlRequest = Self.plainRequest(to: server.rocketReserverURL)
    }

    func stop() async {
        await server?.shutdown()
        server = nil
        client = nil
        urlRequest = nil
    }

    /// The same POST the client sends: the same document and variables, the same Accept and
    /// Content-Type.
    private static func plainRequest(to url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body: JSONValue = [
            "query": .string(LoginMutation.document),
            "operationName": .string(LoginMutation.operationName),
            "variables": ["email": .string(email)],
        ]
        request.httpBody = Data(body.serialized())
        return request
    }
}

/// A benchmark that measured something other than a successful round trip.
struct BenchmarkSetupFailure: Error, CustomStringConvertible {
    var description: String
}
