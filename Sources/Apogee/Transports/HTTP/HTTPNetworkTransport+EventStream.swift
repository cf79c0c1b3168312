import ApogeeAPI
import Foundation
import HTTPTypes

extension HTTPNetworkTransport {
    /// The media type of a stream of server-sent events.
    static let eventStreamMediaType = "text/event-stream"

    /// What the server answered a subscription with.
    private enum Opening {
        /// A stream of events.
        case events(HTTPResponse, AsyncThrowingStream<Data, any Error>)
        /// One GraphQL response instead (a validation error, say).
        case response(HTTPTransportResponse)
    }

    /// Opens a subscription as a stream of server-sent events, and opens it again with
    /// ``eventStreamReconnection``'s backoff when the connection is lost before `complete`.
    func subscribe<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        var request = request
        // Subscriptions are never sent with GET: their documents and variables belong in a body.
        request.method = .post
        request.headers[.accept] = Self.eventStreamMediaType
        // A compressed stream is counted whole where it is inflated, and compression holds
        // events back in proxies' buffers; a caller's own choice stands.
        if request.headers[.acceptEncoding] == nil {
            request.headers[.acceptEncoding] = "identity"
        }
        request.timeout = eventStreamIdleTimeout
        let httpRequest = try request.httpRequest()
        let firstHead: HTTPResponse
        let firstBody: AsyncThrowingStream<Data, any Error>
        switch try await open(httpRequest) {
        case .events(let head, let body):
            (firstHead, firstBody) = (head, body)
        case .response(let response):
            return GraphQLResultStream(result: try GraphQLResult<Operation.Data>(decoding: try response.graphQLBody(), metadata: ResponseMetadata(httpResponse: response.head)))
        }
        let transport = self
        return GraphQLResultStream(unfolding: {
            var head = firstHead
            var events = ServerSentEventReader(body: firstBody)
            var ended = false
            var failedAttempts = 0
            var generator = SystemRandomNumberGenerator()
            return {
                while !ended {
                    let lostConnection: any Error
                    do {
                        guard let event = try await events.next() else {
                            // Ended by the reader: a cancelled task closes the connection, no failure.
                            try Task.checkCancellation()
                            throw ApogeeError.transport(TransportError(kind: .connectionLost, url: httpRequest.url, message: "the event stream ended before the subscription completed"))
                        }
                        switch event.name {
                        case "next":
                            failedAttempts = 0
                            return try Self.result(of: event, head: head, as: Operation.Data.self)
                        case "complete":
                            ended = true
                            return nil
                        default:
                            // Other events keep the connection alive or belong to extensions
                            // this client does not know.
                            continue
                        }
                    } catch let error where Self.isWorthReconnecting(error) {
                        lostConnection = error
                    }
                    // The connection was lost before `complete`: open the subscription again.
                    var lastFailure = lostConnection
                    reconnecting: while true {
                        try Task.checkCancellation()
                        failedAttempts += 1
                        guard let policy = transport.eventStreamReconnection, failedAttempts < policy.maximumAttempts else {
                            guard transport.eventStreamReconnection != nil else { throw lastFailure }
                            throw ApogeeError.subscription(.reconnectAttemptsExhausted(attempts: failedAttempts, lastFailure: "\(lastFailure)"))
                        }
                        try await transport.sleeper.sleep(for: policy.delay(beforeRetry: failedAttempts, using: &generator))
                        do {
                            switch try await transport.open(httpRequest) {
                            case .events(let newHead, let body):
                                head = newHead
                                events = ServerSentEventReader(body: body)
                            case .response(let response):
                                ended = true
                                return try GraphQLResult<Operation.Data>(decoding: try response.graphQLBody(), metadata: ResponseMetadata(httpResponse: response.head))
                            }
                            break reconnecting
                        } catch let error where Self.isWorthReconnecting(error) {
                            lastFailure = error
                        }
                    }
                }
                return nil
            }
        })
    }

    /// Sends the subscription; a response that is not an event stream is read whole.
    private func open(_ request: HTTPTransportRequest) async throws -> Opening {
        let response = try await transport.stream(request)
        let mediaType = response.head.mediaType
        guard response.head.status.kind == .successful, mediaType == Self.eventStreamMediaType else {
            let whole = try await response.collected()
            // A server that is restarting answers 502, 503 or 504 through its proxy: worth another try.
            if whole.head.status.kind == .serverError || whole.head.status == .tooManyRequests {
                _ = try whole.graphQLBody()
            }
            return .response(whole)
        }
        return .events(response.head, response.body)
    }

    /// Failures of the connection rather than answers of the server. A `CancellationError`
    /// while the reading task is not cancelled is the HTTP stack giving the request up on its
    /// own (AsyncHTTPClient cancels a request whose deadline or connection pool ends), which
    /// the subscriber did not ask for: a lost connection too.
    private static func isWorthReconnecting(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError: !Task.isCancelled
        case let error as ApogeeError where error.code == .transport: true
        case let error as ApogeeError where error.code == .httpStatus:
            error.httpResponse.map { $0.status.kind == .serverError || $0.status == .tooManyRequests } ?? false
        default: false
        }
    }

    private static func result<Data: RootSelectionSet>(of event: ServerSentEvent, head: HTTPResponse, as type: Data.Type) throws -> GraphQLResult<Data> {
        do {
            return try GraphQLResult<Data>(decodingResponse: event.data.utf8, metadata: ResponseMetadata(httpResponse: head))
        } catch let reason as InvalidResponseReason {
            throw ApogeeError.subscription(.malformedMessage(String(event.data.prefix(200)) + " (\(reason))"))
        }
    }
}
