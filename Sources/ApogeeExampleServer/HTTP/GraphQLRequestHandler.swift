import Hummingbird
import HTTPTypes

/// Answers the HTTP requests of one endpoint: records them, plays a scripted fault if one is
/// queued, and otherwise runs GraphQL over HTTP.
struct GraphQLRequestHandler: Sendable {
    let endpoint: GraphQLEndpoint
    let services: ServerServices

    func respond(to request: Request) async throws -> Response {
        let mediaType = ResponseMediaType.negotiate(accept: request.headers[.accept])
        let body: [UInt8]
        do {
            body = try await collectBody(of: request)
        } catch let rejection as RequestRejection {
            return Self.response(for: rejection, mediaType: mediaType)
        }
        let parsed = Result(catching: { () throws(RequestRejection) -> GraphQLHTTPRequest in try parse(request, body: body) })
        let fault = services.faults.next()
        services.recorder.record(
            RecordedRequest(
                method: request.method.rawValue,
                path: request.uri.path,
                headers: Self.headerDictionary(request.headers),
                operationName: try? parsed.get().operationName,
                body: body,
                wasFaulted: fault != nil
            )
        )
        if let fault, let response = try await fault.action.response() {
            return response
        }
        do {
            return try await execute(parsed.get(), method: request.method, headers: request.headers, mediaType: mediaType)
        } catch let rejection as RequestRejection {
            return Self.response(for: rejection, mediaType: mediaType)
        }
    }

    private func collectBody(of request: Request) async throws -> [UInt8] {
        guard request.method != .get else { return [] }
        do {
            let buffer = try await request.body.collect(upTo: services.maximumBodySize)
            return Array(buffer.readableBytesView)
        } catch {
            throw RequestRejection(status: .contentTooLarge, message: "The request body is larger than \(services.maximumBodySize) bytes.")
        }
    }

    private func parse(_ request: Request, body: [UInt8]) throws(RequestRejection) -> GraphQLHTTPRequest {
        switch request.method {
        case .get:
            let parameters = request.uri.queryParameters.map { (key: String($0.key), value: String($0.value)) }
            return try GraphQLHTTPRequest(queryParameters: parameters)
        case .post:
            let contentType = request.headers[.contentType]?.lowercased() ?? ""
            guard contentType.hasPrefix("application/json") else {
                throw RequestRejection(
                    status: .unsupportedMediaType,
                    message: "POST needs Content-Type: application/json, not \(contentType.isEmpty ? "none" : contentType)."
                )
            }
            return try GraphQLHTTPRequest(jsonBody: body)
        default:
            throw RequestRejection(status: .methodNotAllowed, message: "GraphQL is served over GET and POST.", headers: [.allow: "GET, POST"])
        }
    }

    private static func headerDictionary(_ fields: HTTPFields) -> [String: String] {
        var headers: [String: String] = [:]
        for field in fields {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        return headers
    }
}
