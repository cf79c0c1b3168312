import ApogeeAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Introspection {
    /// Runs ``query`` against a GraphQL endpoint with a JSON POST and returns the schema as SDL.
    ///
    /// - Parameters:
    ///   - endpoint: The server's GraphQL URL.
    ///   - headers: Extra HTTP headers, such as `Authorization`.
    ///   - timeout: Seconds to wait for the answer.
    /// - Throws: ``CodegenError`` naming the endpoint when the request fails, the server answers
    ///   with an HTTP error or GraphQL errors, or the answer is not an introspection result.
    public static func fetchSDL(from endpoint: URL, headers: [String: String] = [:], timeout: TimeInterval = 30) async throws(CodegenError) -> String {
        var request = URLRequest(url: endpoint)
        // Set through the property: FoundationNetworking on Linux only honours a request's own
        // timeout when it was assigned, and otherwise falls back to the session's 60 seconds.
        request.timeoutInterval = timeout
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let body: JSONValue = ["query": .string(query), "operationName": "IntrospectionQuery"]
        request.httpBody = Data(body.serialized())

        let data: Data
        let response: URLResponse
        let session = URLSession(configuration: sessionConfiguration(timeout: timeout))
        defer { session.finishTasksAndInvalidate() }
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw CodegenError(file: endpoint.absoluteString, message: "the request failed: \(error.localizedDescription)")
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw CodegenError(file: endpoint.absoluteString, message: "the server answered HTTP \(http.statusCode)")
        }
        return try sdl(fromJSON: [UInt8](data), fileName: endpoint.absoluteString)
    }

    /// The session's settings for one introspection: ephemeral, and waiting `timeout` seconds
    /// for the answer, which is the timeout FoundationNetworking applies on Linux when the
    /// request's own was not assigned through its property.
    static func sessionConfiguration(timeout: TimeInterval) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout, configuration.timeoutIntervalForResource)
        return configuration
    }
}
