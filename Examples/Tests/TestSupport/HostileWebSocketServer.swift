@testable import ApogeeAPI
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A graphql-transport-ws server on 127.0.0.1 and an ephemeral port that behaves as a test
/// tells it to: a stock server's same-origin check, another subprotocol, a peer that stops
/// answering (no `pong`, no close frame), one that acknowledges and drops, one that sends a
/// message too large. Written on raw SwiftNIO frames, so nothing answers for it that the test
/// did not ask for: the example server's WebSocket library would answer a close frame itself.
package final class HostileWebSocketServer: Sendable {
    /// How the server behaves.
    package struct Behaviour: Sendable {
        /// What the 101 names as its subprotocol.
        package enum Subprotocol: Sendable {
            /// The one the client asked for.
            case echo
            /// Another one.
            case named(String)
            /// None.
            case none
        }

        /// Refuses the upgrade with 403 when `Origin` names another host and port than `Host`,
        /// as gorilla/websocket's default `CheckOrigin` and strawberry do; no `Origin` passes.
        package var requiresSameOrigin = false
        package var subprotocol = Subprotocol.echo
        /// Answers `connection_init` with `connection_ack`.
        package var acknowledges = true
        /// Closes the TCP connection right after acknowledging.
        package var dropsAfterAcknowledging = false
        /// Answers graphql-transport-ws `ping` with `pong`.
        package var answersPings = true
        /// Answers a close frame with its own and closes; otherwise ignores it and reads on.
        package var answersClose = true
        /// After a `subscribe`, sends a `next` message of this many bytes.
        package var messageSizeAfterSubscribe: Int?

        package init() {}
    }

    /// What the server saw.
    package enum Event: Sendable, Equatable {
        /// An upgrade request, with its header fields (names lowercased).
        case upgradeRequested([String: String])
        /// A socket opened; its number counts from 1.
        case opened(Int)
        /// A graphql-transport-ws message of this type arrived on a socket.
        case message(socket: Int, type: String)
        /// A close frame arrived on a socket.
        case closeFrame(socket: Int)
        /// A socket's connection ended.
        case ended(socket: Int)
    }

    private enum Upgrade: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    /// Everything the server saw, in order; tests wait on it.
    package let events: Recorder<Event>
    package let port: Int
    private let listener: NIOAsyncChannel<EventLoopFuture<Upgrade>, Never>
    private let accepting: Task<Void, Never>

    /// The `ws://` endpoint.
    package var url: URL {
        URL(string: "ws://127.0.0.1:\(port)/graphql")!
    }

    /// The header fields of each upgrade request so far (names lowercased).
    package var upgradeRequests: [[String: String]] {
        events.values.compactMap { if case .upgradeRequested(let fields) = $0 { fields } else { nil } }
    }

    /// The number of sockets opened so far.
    package var openedSockets: Int {
        events.values.filter { if case .opened = $0 { true } else { false } }.count
    }

    /// Starts a server that behaves as `behaviour` says.
    package static func start(_ behaviour: Behaviour) async throws -> HostileWebSocketServer {
        let events = Recorder<Event>()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.configure(channel, behaviour: behaviour, events: events)
                }
            }
        return HostileWebSocketServer(listener: listener, behaviour: behaviour, events: events)
    }

    private init(listener: NIOAsyncChannel<EventLoopFuture<Upgrade>, Never>, behaviour: Behaviour, events: Recorder<Event>) {
        self.listener = listener
        port = listener.channel.localAddress?.port ?? 0
        let sockets = Locked(0)
        accepting = Task {
            try? await listener.executeThenClose { inbound in
                await withDiscardingTaskGroup { group in
                    do {
                        for try await upgrade in inbound {
                            group.addTask {
                                guard case .webSocket(let webSocket)? = try? await upgrade.get() else { return }
                                let number = sockets.withLock { count -> Int in
                                    count += 1
                                    return count
                                }
                                events.append(.opened(number))
                                await Self.serve(webSocket, number: number, behaviour: behaviour, events: events)
                                events.append(.ended(socket: number))
                            }
                        }
                    } catch {}
                }
            }
        }
        self.events = events
    }

    /// Stops listening and closes every socket.
    package func shutdown() async {
        listener.channel.close(promise: nil)
        accepting.cancel()
        await accepting.value
    }

    private static func configure(_ channel: any Channel, behaviour: Behaviour, events: Recorder<Event>) throws -> EventLoopFuture<Upgrade> {
        let upgrader = NIOTypedWebSocketServerUpgrader<Upgrade>(
            maxFrameSize: 1 << 24,
            shouldUpgrade: { channel, head in
                var fields: [String: String] = [:]
                for (name, value) in head.headers { fields[name.lowercased()] = value }
                events.append(.upgradeRequested(fields))
                if behaviour.requiresSameOrigin, let origin = fields["origin"], URL(string: origin).flatMap(authority(of:)) != fields["host"] {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                var answer = HTTPHeaders()
                switch behaviour.subprotocol {
                case .echo: fields["sec-websocket-protocol"].map { answer.add(name: "Sec-WebSocket-Protocol", value: $0) }
                case .named(let name): answer.add(name: "Sec-WebSocket-Protocol", value: name)
                case .none: break
                }
                return channel.eventLoop.makeSucceededFuture(answer)
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    .webSocket(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                }
            }
        )
        let configuration = NIOUpgradableHTTPServerPipelineConfiguration(
            upgradeConfiguration: NIOTypedHTTPServerUpgradeConfiguration(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ForbiddenResponder())
                        return .refused
                    }
                }
            )
        )
        return try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: configuration)
    }

    /// `host:port` of an `Origin`, as gorilla/websocket compares it with `Host`.
    private static func authority(of url: URL) -> String? {
        guard let host = url.host else { return nil }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// Reads a socket's frames and answers as `behaviour` says, until the connection ends.
    private static func serve(_ webSocket: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, number: Int, behaviour: Behaviour, events: Recorder<Event>) async {
        try? await webSocket.executeThenClose { inbound, outbound in
            for try await frame in inbound {
                switch frame.opcode {
                case .text:
                    let object = try? JSONSerialization.jsonObject(with: Data(frame.unmaskedData.readableBytesView)) as? [String: Any]
                    let type = object?["type"] as? String ?? ""
                    events.append(.message(socket: number, type: type))
                    switch type {
                    case "connection_init" where behaviour.acknowledges:
                        try await outbound.write(text(#"{"type":"connection_ack"}"#))
                        if behaviour.dropsAfterAcknowledging { return }
                    case "ping" where behaviour.answersPings:
                        try await outbound.write(text(#"{"type":"pong"}"#))
                    case "subscribe":
                        guard let size = behaviour.messageSizeAfterSubscribe, let id = object?["id"] as? String else { break }
                        let start = #"{"type":"next","id":"\#(id)","payload":{"data":{"padding":""#
                        let end = #""}}}"#
                        let padding = String(repeating: "x", count: max(size - start.utf8.count - end.utf8.count, 0))
                        try await outbound.write(text(start + padding + end))
                    default:
                        break
                    }
                case .connectionClose:
                    events.append(.closeFrame(socket: number))
                    guard behaviour.answersClose else { continue }
                    try await outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, data: frame.unmaskedData))
                    return
                case .ping:
                    try await outbound.write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData))
                default:
                    break
                }
            }
        }
    }

    private static func text(_ string: String) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: string))
    }
}

/// Answers a request that was not upgraded with 403, as a server's origin check does.
private final class ForbiddenResponder: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = Self.unwrapInboundIn(data) else { return }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Length", value: "0")
        headers.add(name: "Connection", value: "close")
        context.write(Self.wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .forbidden, headers: headers))), promise: nil)
        let loopBound = context.loopBound
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }
}
