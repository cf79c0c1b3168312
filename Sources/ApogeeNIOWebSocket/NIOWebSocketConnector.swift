import Apogee
import ApogeeAPI
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
@_spi(WSInternal) import WSCore

/// Opens WebSockets with SwiftNIO: the connector on Linux, whose FoundationNetworking cannot
/// open WebSockets.
///
/// The handshake is Apogee's own, on NIO's WebSocket upgrader, so that the request carries
/// exactly the fields asked for (swift-websocket's client adds an `Origin` without the port,
/// which same-origin checks refuse), a refusal reports the server's HTTP status, and a 101 that
/// names another subprotocol fails the connection (RFC 6455 §4.1). Once upgraded, frames are
/// read and written by swift-websocket's handler, which answers pings and runs the closing
/// handshake.
struct NIOWebSocketConnector: WebSocketConnector {
    /// How long opening the TCP connection may take.
    static let connectTimeout = TimeAmount.seconds(10)

    /// What the upgrade came to.
    private enum Upgrade: Sendable {
        /// A WebSocket speaking the subprotocol asked for.
        case accepted(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        /// A 101 naming another subprotocol, or none.
        case wrongSubprotocol(String?)
        /// Another answer than 101: its head arrives once NIO passes it on.
        case refused(EventLoopFuture<HTTPResponseHead>)
    }

    func connect(_ opening: WebSocketOpening, handleText: @escaping TextFrameHandler) async throws -> any WebSocketConnection {
        let endpoint = try Endpoint(opening.url)
        let frameLimit = NIOWebSocketConnection.frameLimit(for: opening.maximumMessageSize)
        let frameLimitWatch = FrameLimitWatch()
        let upgrade: Upgrade
        let channel: any Channel
        do {
            (upgrade, channel) = try await handshake(opening, endpoint: endpoint, frameLimit: frameLimit, frameLimitWatch: frameLimitWatch)
        } catch let error as NIOHTTPClientUpgradeError {
            throw SubscriptionError.upgradeFailed("the server at \(opening.url.absoluteString) did not complete the WebSocket handshake (\(error))")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ApogeeError.transport(TransportError(kind: .cannotConnect, url: opening.url, message: "\(error)"))
        }
        switch upgrade {
        case .accepted(let webSocket):
            let connection = NIOWebSocketConnection(channel: channel, maximumMessageSize: opening.maximumMessageSize, frameLimitWatch: frameLimitWatch, handleText: handleText)
            return try await run(webSocket, connection: connection, opening: opening, frameLimit: frameLimit)
        case .wrongSubprotocol(let accepted):
            channel.close(promise: nil)
            let named = accepted.map { "subprotocol \"\($0)\"" } ?? "no subprotocol"
            throw SubscriptionError.upgradeFailed("the server at \(opening.url.absoluteString) accepted the WebSocket with \(named), not \(opening.subprotocol)")
        case .refused(let head):
            let status = try? await head.get().status
            channel.close(promise: nil)
            let answer = status.map { "HTTP \($0.code) \($0.reasonPhrase)" } ?? "something other than 101"
            throw SubscriptionError.upgradeFailed("the server at \(opening.url.absoluteString) answered \(answer) to the WebSocket upgrade")
        }
    }

    /// Connects and upgrades, returning what the upgrade came to and the channel.
    private func handshake(_ opening: WebSocketOpening, endpoint: Endpoint, frameLimit: Int, frameLimitWatch: FrameLimitWatch) async throws -> (Upgrade, any Channel) {
        let tls = try endpoint.isSecure ? NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        let requestHead = HTTPRequestHead(version: .http1_1, method: .GET, uri: endpoint.target, headers: requestFields(opening, endpoint: endpoint))
        let subprotocol = opening.subprotocol
        let future = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(Self.connectTimeout)
            .connect(host: endpoint.host, port: endpoint.port) { channel in
                channel.eventLoop.makeCompletedFuture { () -> EventLoopFuture<(Upgrade, any Channel)> in
                    if let tls {
                        let handler = try NIOSSLClientHandler(context: tls, serverHostname: endpoint.serverName)
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: frameLimit) { channel, head in
                        channel.eventLoop.makeCompletedFuture {
                            let accepted = head.headers["Sec-WebSocket-Protocol"]
                            guard accepted == [subprotocol] else { return .wrongSubprotocol(accepted.first) }
                            try channel.pipeline.syncOperations.addHandler(frameLimitWatch.handler())
                            return .accepted(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                        }
                    }
                    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                        upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                            upgradeRequestHead: requestHead,
                            upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in
                                channel.eventLoop.makeCompletedFuture {
                                    let catcher = ResponseHeadCatcher(promise: channel.eventLoop.makePromise())
                                    try channel.pipeline.syncOperations.addHandler(catcher)
                                    return .refused(catcher.head)
                                }
                            }
                        )
                    )
                    // A server may send its first frame in the same read as the 101.
                    configuration.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations
                        .configureUpgradableHTTPClientPipeline(configuration: configuration)
                        .map { ($0, channel) }
                }
            }
        return try await future.get()
    }

    /// The upgrade request's fields: `Host`, the subprotocol, then the opening's own.
    private func requestFields(_ opening: WebSocketOpening, endpoint: Endpoint) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: endpoint.authority)
        headers.add(name: "Sec-WebSocket-Protocol", value: opening.subprotocol)
        for field in opening.headers {
            headers.add(name: field.name.rawName, value: field.value)
        }
        return headers
    }

    /// Runs swift-websocket's frame handler over the upgraded channel, and returns once the
    /// connection can send.
    private func run(
        _ webSocket: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>,
        connection: NIOWebSocketConnection,
        opening: WebSocketOpening,
        frameLimit: Int
    ) async throws -> any WebSocketConnection {
        let opened = OneShotSignal<Void>()
        let configuration = WebSocketHandler.Configuration(
            extensions: [],
            autoPing: .disabled,
            closeTimeout: opening.closeTimeout,
            validateUTF8: false,
            maxFrameSize: frameLimit
        )
        let url = opening.url
        let reading = Task {
            do {
                let closeFrame = try await WebSocketHandler.handle(
                    type: .client,
                    configuration: configuration,
                    asyncChannel: webSocket,
                    context: Context(logger: Logger(label: "Apogee.WebSocket")),
                    handler: { inbound, outbound, _ in
                        // The writer must be in place before the caller learns the socket is
                        // open: its first message (`connection_init`) follows at once.
                        try await connection.run(inbound: inbound, outbound: outbound) {
                            opened.finish(.success(()))
                        }
                    }
                )
                connection.ended(code: closeFrame.map { UInt16(webSocketErrorCode: $0.closeCode) } ?? WebSocketCloseCode.abnormalClosure, reason: closeFrame?.reason ?? "")
            } catch {
                connection.ended(code: WebSocketCloseCode.abnormalClosure, reason: "\(error)")
            }
            opened.finish(.failure(ApogeeError.transport(TransportError(kind: .connectionLost, url: url, message: "the socket closed as it opened"))))
        }
        do {
            try await withTaskCancellationHandler {
                try await opened.wait()
            } onCancel: {
                reading.cancel()
            }
        } catch {
            reading.cancel()
            throw error
        }
        return connection
    }

    /// The logger swift-websocket's handler writes to.
    private struct Context: WebSocketContext {
        let logger: Logger
    }
}

extension NIOWebSocketConnector {
    /// Where a `ws://` or `wss://` URL leads.
    struct Endpoint: Sendable {
        let host: String
        let port: Int
        let isSecure: Bool
        /// The path and query the request asks for.
        let target: String
        /// `Host`'s value.
        let authority: String

        init(_ url: URL) throws {
            let scheme = url.scheme?.lowercased()
            guard let scheme, ["ws", "wss", "http", "https"].contains(scheme), let host = url.host, !host.isEmpty else {
                throw SubscriptionError.upgradeFailed("\(url.absoluteString) is not a ws:// or wss:// URL")
            }
            isSecure = scheme == "wss" || scheme == "https"
            let defaultPort = isSecure ? 443 : 80
            self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
            port = url.port ?? defaultPort
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            let path = components?.percentEncodedPath ?? ""
            let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
            target = (path.isEmpty ? "/" : path) + query
            authority = WebSocketUpgradeFields.authority(host: self.host, port: port, defaultPort: defaultPort)
        }

        /// The name TLS asks the server's certificate for; none for an IP address, which
        /// server name indication does not carry.
        var serverName: String? {
            (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        }
    }
}

/// Takes the head of a response that refused the upgrade, which NIO passes on after the
/// upgrade handler gives up.
private final class ResponseHeadCatcher: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<HTTPResponseHead>

    init(promise: EventLoopPromise<HTTPResponseHead>) {
        self.promise = promise
    }

    var head: EventLoopFuture<HTTPResponseHead> { promise.futureResult }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = Self.unwrapInboundIn(data) {
            promise.succeed(head)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ChannelError.eof)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        promise.fail(ChannelError.eof)
    }
}
