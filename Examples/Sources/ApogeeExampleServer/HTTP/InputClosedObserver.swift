import ApogeeAPI
import NIOConcurrencyHelpers
import NIOCore

/// Notices when the client closes its side of an HTTP connection.
///
/// The server allows half-closed connections, so a client that goes away leaves the channel
/// open until a write fails; a stream that has nothing to write would never notice. This
/// handler sits in every HTTP pipeline and completes ``inputClosed`` on end of input (or when
/// the channel goes away), which a Server-Sent Events response waits on.
final class InputClosedObserver: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    private struct State {
        var promise: EventLoopPromise<Void>?
        var isClosed = false
    }

    private let state = NIOLockedValueBox(State())

    /// Completes when the client closed its side; `nil` before the handler is in a pipeline.
    var inputClosed: EventLoopFuture<Void>? {
        state.withLockedValue { $0.promise?.futureResult }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        state.withLockedValue { $0.promise = context.eventLoop.makePromise(of: Void.self) }
        // A channel that closes completely also ends the input.
        context.channel.closeFuture.whenComplete { [self] _ in markClosed() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            markClosed()
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Completes the promise once, whichever of end of input and channel closure comes first.
    private func markClosed() {
        let promise = state.withLockedValue { state -> EventLoopPromise<Void>? in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            return state.promise
        }
        promise?.succeed()
    }
}
