import ApogeeAPI
import Foundation
import HTTPTypes

extension HTTPNetworkTransport {
    /// What the server answered a subscription with.
    private enum Opening {
        /// A stream of events, in the body.
        case events(HTTPResponse, AsyncThrowingStream<Data, any Error>)
        /// One GraphQL response instead (a validation error, say).
        case response(HTTPTransportResponse)
    }

    /// Opens a subscription in ``subscriptionProtocol``, and opens it again with
    /// ``eventStreamReconnection``'s backoff when the connection is lost before the server
    /// completes it.
    func subscribe<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        var request = request
        // Subscriptions are never sent with GET: their documents and variables belong in a body.
        request.method = .post
        request.headers[.accept] = subscriptionProtocol.accept
        request.preferUncompressedStream()
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
            var events = transport.messages(of: firstHead, body: firstBody)
            // Only operations with `@defer` or `@stream` have payloads that continue others.
            var increments = Operation.__deliversIncrementally ? IncrementalResultDecoder() : nil
            var ended = false
            var failedAttempts = 0
            var generator = SystemRandomNumberGenerator()
            return {
                while !ended {
                    let lostConnection: any Error
                    do {
                        guard let message = try await events.next() else {
                            // Ended by the reader: a cancelled task closes the connection, no failure.
                            try Task.checkCancellation()
                            throw ApogeeError.transport(TransportError(kind: .connectionLost, url: httpRequest.url, message: "the \(transport.subscriptionProtocol) ended before the subscription completed"))
                        }
                        switch message {
                        case .result(let payload, let isLast):
                            failedAttempts = 0
                            ended = isLast
                            return try Self.result(of: payload, head: head, increments: &increments, as: Operation.Data.self)
                        case .complete:
                            ended = true
                            return nil
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
                                events = transport.messages(of: newHead, body: body)
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

    /// Sends the subscription; a response that is not in the protocol is read whole.
    private func open(_ request: HTTPTransportRequest) async throws -> Opening {
        let response = try await transport.stream(request)
        let mediaType = response.head.mediaType
        guard response.head.status.kind == .successful, mediaType == subscriptionProtocol.mediaType else {
            let whole = try await response.collected()
            // A server that is restarting answers 502, 503 or 504 through its proxy: worth another try.
            if whole.head.status.kind == .serverError || whole.head.status == .tooManyRequests {
                _ = try whole.graphQLBody()
            }
            return .response(whole)
        }
        if subscriptionProtocol == .multipart, response.head.mediaTypeParameter("boundary")?.isEmpty != false {
            throw ApogeeError.subscription(.malformedMessage("a multipart/mixed response without a boundary"))
        }
        return .events(response.head, response.body)
    }

    /// Reads the messages of a response that `open(_:)` found to be in the protocol.
    private func messages(of head: HTTPResponse, body: AsyncThrowingStream<Data, any Error>) -> SubscriptionMessageReader {
        guard subscriptionProtocol == .multipart, let boundary = head.mediaTypeParameter("boundary") else {
            return .events(ServerSentEventReader(body: body))
        }
        return .parts(MultipartSubscriptionReader(body: body, boundary: boundary, maximumPartSize: maximumPartSize))
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

    private static func result<Data: RootSelectionSet>(
        of payload: SubscriptionPayload,
        head: HTTPResponse,
        increments: inout IncrementalResultDecoder?,
        as type: Data.Type
    ) throws -> GraphQLResult<Data> {
        do {
            let metadata = ResponseMetadata(httpResponse: head)
            if increments != nil {
                let result: GraphQLResult<Data>? = switch payload {
                case .text(let text): try increments?.result(decodingText: text, metadata: metadata)
                case .object(let object): try increments?.result(decoding: object, metadata: metadata)
                }
                if let result { return result }
            }
            switch payload {
            case .text(let text):
                return try GraphQLResult<Data>(decodingResponse: text.utf8, metadata: metadata)
            case .object(let object):
                return try GraphQLResult<Data>(decodingResponseObject: object, metadata: metadata)
            }
        } catch let reason as InvalidResponseReason {
            throw ApogeeError.subscription(.malformedMessage(payload.excerpt + " (\(reason))"))
        }
    }
}

/// A subscription's event, as its protocol carries it.
enum SubscriptionPayload {
    /// A server-sent event's data: a GraphQL response's JSON text.
    case text(String)
    /// A multipart part's `payload`, parsed already.
    case object(JSONObject)

    /// The start of the payload, for errors.
    var excerpt: String {
        switch self {
        case .text(let text): String(text.prefix(200))
        case .object(let object): String(JSONValue.object(object).serializedString.prefix(200))
        }
    }
}

/// The messages of a subscription's open response, in either protocol.
enum SubscriptionMessageReader {
    /// What a message says.
    enum Message {
        /// An event; `isLast` when the server ends the subscription with it.
        case result(SubscriptionPayload, isLast: Bool)
        /// The server completed the subscription.
        case complete
    }

    case events(ServerSentEventReader)
    case parts(MultipartSubscriptionReader)

    /// The next message, or `nil` when the body ends before the subscription completes.
    /// Keep-alives, and events of extensions this client does not know, are passed over.
    mutating func next() async throws -> Message? {
        switch self {
        case .events(var reader):
            defer { self = .events(reader) }
            while let event = try await reader.next() {
                switch event.name {
                case "next": return .result(.text(event.data), isLast: false)
                case "complete": return .complete
                default: continue
                }
            }
            return nil
        case .parts(var reader):
            defer { self = .parts(reader) }
            switch try await reader.next() {
            case .payload(let object, let isLast)?: return .result(.object(object), isLast: isLast)
            case .complete?: return .complete
            case nil: return nil
            }
        }
    }
}
