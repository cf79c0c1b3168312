import Hummingbird
import HTTPTypes
import NIOCore

/// Answers the HTTP requests of one endpoint: records them, plays a scripted fault if one is
/// queued, and otherwise runs GraphQL over HTTP, or over Server-Sent Events when the request
/// accepts `text/event-stream`, or in parts over `multipart/mixed` for `@defer` and `@stream`
/// and for subscriptions that accept Apollo's multipart subscriptions.
struct GraphQLRequestHandler: Sendable {
    let endpoint: GraphQLEndpoint
    let services: ServerServices

    /// - Parameter channel: the connection, which an event stream watches for the client leaving.
    func respond(to request: Request, channel: any Channel) async throws -> Response {
        let mediaType = ResponseMediaType.negotiate(accept: request.headers[.accept])
        let (body, parsed) = await intake(request)
        let batch = Self.batch(in: body, method: request.method, contentType: request.headers[.contentType])
        let fault = services.faults.next()
        services.recorder.record(
            RecordedRequest(
                method: request.method.rawValue,
                path: request.uri.path,
                headers: Self.headerDictionary(request.headers),
                operationName: batch == nil ? try? parsed.get().operationName : nil,
                batchedOperationNames: batch?.map { try? $0.get().operationName },
                body: body,
                wasFaulted: fault != nil,
                httpVersion: Self.httpVersion(of: channel)
            )
        )
        if let fault, let response = try await fault.action.response() {
            return response
        }
        var response: Response
        if let batch {
            response = try await executeBatch(batch, headers: request.headers, mediaType: mediaType)
        } else {
            do {
                if request.method == .post, MultipartSubscriptionWire.isRequested(accept: request.headers[.accept]),
                    let multipart = try await multipartSubscriptionResponse(
                        parsed.get(), headers: request.headers, mediaType: mediaType, channel: channel)
                {
                    response = multipart
                } else if ServerSentEvents.isRequested(accept: request.headers[.accept]) {
                    response = try await streamEvents(parsed.get(), method: request.method, headers: request.headers, channel: channel)
                } else if let incremental = try await incrementalResponse(
                    parsed.get(), method: request.method, headers: request.headers, mediaType: mediaType, channel: channel)
                {
                    response = incremental
                } else {
                    response = try await execute(parsed.get(), method: request.method, headers: request.headers, mediaType: mediaType)
                }
            } catch let rejection as RequestRejection {
                response = Self.response(for: rejection, mediaType: mediaType)
            }
        }
        fault?.action.addHeaders(to: &response)
        return response
    }

    /// HTTP/2 when the request came on an HTTP/2 stream. A stream's channel is the child of
    /// its connection's, which is the child of the listening socket's; an HTTP/1.1
    /// connection's channel is one level nearer the listener.
    private static func httpVersion(of channel: any Channel) -> RecordedRequest.HTTPVersion {
        channel.parent?.parent == nil ? .http1_1 : .http2
    }

    /// Reads the request: the JSON body or URL query, or a multipart body whose files stream
    /// to disk. Returns the bytes to record (for multipart, the `operations` field only).
    private func intake(_ request: Request) async -> ([UInt8], Result<GraphQLHTTPRequest, RequestRejection>) {
        if request.method == .post, let boundary = MultipartParser.boundary(ofContentType: request.headers[.contentType] ?? "") {
            return await intakeMultipart(request, boundary: boundary)
        }
        do {
            let body = try await collectBody(of: request)
            return (body, Result(catching: { () throws(RequestRejection) -> GraphQLHTTPRequest in try parse(request, body: body) }))
        } catch let rejection as RequestRejection {
            return ([], .failure(rejection))
        } catch {
            return ([], .failure(RequestRejection(status: .badRequest, message: "The request body could not be read: \(error)")))
        }
    }

    private func intakeMultipart(_ request: Request, boundary: String) async -> ([UInt8], Result<GraphQLHTTPRequest, RequestRejection>) {
        let preflight = [HTTPField.Name("Apollo-Require-Preflight"), HTTPField.Name("X-Apollo-Operation-Name")].compactMap { $0 }
        if services.requiresUploadPreflightHeader, !preflight.contains(where: { request.headers[$0] != nil }) {
            let rejection = RequestRejection(
                status: .badRequest,
                message: "Multipart requests need an Apollo-Require-Preflight or X-Apollo-Operation-Name header (CSRF protection)."
            )
            return ([], .failure(rejection))
        }
        let reader = MultipartRequestReader(storage: services.uploads, fieldLimit: services.maximumBodySize)
        do {
            let contents = try await reader.read(request.body, boundary: boundary)
            return (contents.operations, Result(catching: { () throws(RequestRejection) -> GraphQLHTTPRequest in try GraphQLHTTPRequest(multipart: contents) }))
        } catch {
            return ([], .failure(error))
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
