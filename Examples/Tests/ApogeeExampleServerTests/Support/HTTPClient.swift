@testable import ApogeeAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response as the tests look at it.
struct HTTPResult: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The value of a header, by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    var json: JSONValue {
        get throws { try JSONValue(parsing: [UInt8](body)) }
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Plain URLSession requests, so the server is tested over real HTTP with no client code of ours.
struct HTTPClient: Sendable {
    static let graphQLAccept = "application/graphql-response+json, application/json;q=0.9"

    let session: URLSession

    /// A session whose requests wait up to `timeout` seconds for the server's next bytes: a
    /// hang guard, long enough for a sanitized server on a loaded machine.
    init(followRedirects: Bool = true, timeout: TimeInterval = 300) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(
            configuration: configuration,
            delegate: followRedirects ? nil : RedirectRefuser(),
            delegateQueue: nil
        )
    }

    /// POSTs a GraphQL request as JSON.
    func post(
        _ url: URL,
        query: String?,
        operationName: String? = nil,
        variables: JSONObject? = nil,
        extensions: JSONObject? = nil,
        headers: [String: String] = [:],
        accept: String = graphQLAccept
    ) async throws -> HTTPResult {
        var object: JSONObject = [:]
        if let query { object["query"] = .string(query) }
        if let operationName { object["operationName"] = .string(operationName) }
        if let variables { object["variables"] = .object(variables) }
        if let extensions { object["extensions"] = .object(extensions) }
        return try await post(url, body: Data(JSONValue.object(object).serialized()), headers: headers, accept: accept)
    }

    /// POSTs raw bytes.
    func post(
        _ url: URL,
        body: Data,
        contentType: String = "application/json",
        headers: [String: String] = [:],
        accept: String = graphQLAccept
    ) async throws -> HTTPResult {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    /// GETs a GraphQL request with its parameters in the URL query.
    func get(_ url: URL, parameters: [String: String], headers: [String: String] = [:], accept: String = graphQLAccept) async throws -> HTTPResult {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.queryItems = parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        guard let target = components?.url else { throw URLError(.badURL) }
        var request = URLRequest(url: target)
        request.setValue(accept, forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    func send(_ request: URLRequest) async throws -> HTTPResult {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResult(status: http.statusCode, headers: headers, body: data)
    }
}

/// Stops URLSession from following redirects, so the test sees the 3xx itself.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
