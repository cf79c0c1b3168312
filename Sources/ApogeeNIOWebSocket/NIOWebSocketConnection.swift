import Apogee
import ApogeeAPI
import Foundation
import NIOCore
import NIOWebSocket
import WSCore

/// A socket of ``NIOWebSocketConnector``: swift-websocket's handler runs ``run(inbound:outbound:ready:)``
/// for as long as the socket is open, which passes messages to ``incoming`` and keeps the
/// writer for ``send(_:)``.
final class NIOWebSocketConnection: WebSocketConnection {
    let incoming: AsyncStream<WebSocketIncoming>
    private let continuation: AsyncStream<WebSocketIncoming>.Continuation
    private let outbound = Locked<WebSocketOutboundWriter?>(nil)
    private let channel: any Channel
    private let maximumMessageSize: Int
    private let frameLimitWatch: FrameLimitWatch
    private let handleText: TextFrameHandler

    init(channel: any Channel, maximumMessageSize: Int, frameLimitWatch: FrameLimitWatch, handleText: @escaping TextFrameHandler) {
        (incoming, continuation) = AsyncStream.makeStream()
        self.channel = channel
        self.frameLimitWatch = frameLimitWatch
        self.maximumMessageSize = maximumMessageSize
        self.handleText = handleText
    }

    /// The largest frame SwiftNIO reads: a larger one is refused before any of it is held,
    /// with 1009 sent to the server. Messages in several frames are counted in ``run(inbound:outbound:ready:)``.
    static func frameLimit(for maximumMessageSize: Int) -> Int {
        min(max(maximumMessageSize, 1), Int(UInt32.max))
    }

    /// Takes `writer` for ``send(_:)``, calls `ready`, then reads messages until the socket
    /// closes, or until one is larger than the limit, which is reported and ends the reading.
    func run(inbound: WebSocketInboundStream, outbound writer: WebSocketOutboundWriter, ready: () -> Void) async throws {
        outbound.withLock { $0 = writer }
        defer { outbound.withLock { $0 = nil } }
        ready()
        var message: (isText: Bool, bytes: ByteBuffer)?
        do {
            for try await frame in inbound {
                switch frame.opcode {
                case .text, .binary:
                    message = (frame.opcode == .text, frame.data)
                case .continuation:
                    guard message != nil else {
                        try? await writer.close(.protocolError, reason: "Continuation without a message")
                        return
                    }
                    var piece = frame.data
                    message?.bytes.writeBuffer(&piece)
                }
                guard let whole = message else { continue }
                guard whole.bytes.readableBytes <= maximumMessageSize else {
                    continuation.yield(.tooLarge)
                    try? await writer.close(.messageTooLarge, reason: "Message too big")
                    return
                }
                guard frame.fin else { continue }
                message = nil
                deliver(whole.bytes, isText: whole.isText)
            }
        } catch let error as NIOWebSocketError where error == .invalidFrameLength {
            frameLimitWatch.exceeded()
        }
        if frameLimitWatch.wasExceeded {
            // SwiftNIO refused a frame past the limit without reading it, answered 1009 and
            // closed the connection, which ends the frames without an error.
            continuation.yield(.tooLarge)
        }
    }

    private func deliver(_ bytes: ByteBuffer, isText: Bool) {
        guard isText else {
            continuation.yield(.binary)
            return
        }
        let text = String(buffer: bytes)
        if !handleText(text) { continuation.yield(.text(text)) }
    }

    /// Reports how the socket ended and ends ``incoming``; later calls change nothing.
    func ended(code: UInt16, reason: String) {
        continuation.yield(.closed(code: code, reason: reason))
        continuation.finish()
    }

    func send(_ text: String) async {
        guard let writer = outbound.withLock({ $0 }) else { return }
        try? await writer.write(.text(text))
    }

    func close(code: UInt16, reason: String) async {
        guard let writer = outbound.withLock({ $0 }) else { return }
        try? await writer.close(WebSocketErrorCode(codeNumber: Int(code)), reason: reason)
    }

    func abort(reason: String) {
        ended(code: WebSocketCloseCode.abnormalClosure, reason: reason)
        channel.close(promise: nil)
    }
}

/// Tells whether SwiftNIO refused a frame past the connection's limit: its decoder reports that
/// as an error in the pipeline, which does not reach the frames' reader, so a handler watches
/// for it.
final class FrameLimitWatch: Sendable {
    private let exceededLimit = Locked(false)

    /// Whether a frame past the limit was refused.
    var wasExceeded: Bool { exceededLimit.withLock { $0 } }

    func exceeded() {
        exceededLimit.withLock { $0 = true }
    }

    /// The handler to add to the pipeline after the frame decoder.
    func handler() -> some ChannelInboundHandler {
        Watcher(watch: self)
    }

    private final class Watcher: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        typealias InboundOut = WebSocketFrame

        let watch: FrameLimitWatch

        init(watch: FrameLimitWatch) {
            self.watch = watch
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if case NIOWebSocketError.invalidFrameLength = error { watch.exceeded() }
            context.fireErrorCaught(error)
        }
    }
}

