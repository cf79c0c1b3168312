import GraphQL
import Hummingbird
import NIOCore

/// The body of one multipart subscription: its results and heartbeats merged into one
/// sequence of parts, written by one writer, then the ending its cause calls for, recorded in
/// the server's ``SubscriptionEvent``s the way Server-Sent Events record theirs.
struct MultipartSubscriptionStream: Sendable {
    /// What the writer hears next.
    private enum Output: Sendable {
        case event(GraphQLResult)
        case heartbeat
        case failed(GraphQLError)
        case ended
    }

    /// Why the parts stopped.
    private enum Ending {
        /// The source ended: the close delimiter follows.
        case finished
        /// The source failed: a part with its errors, then the close delimiter.
        case failed([GraphQLError])
        /// A fault: the connection closes with the body unfinished.
        case dropped
    }

    let id: String
    let results: AsyncThrowingStream<GraphQLResult, any Error>
    let lifetime: SourceLifetime
    let departure: ClientDeparture
    let fault: MultipartSubscriptionFault?
    let services: ServerServices

    /// Writes the parts until the source ends, fails or is stopped (the client left, the
    /// server shuts down), then ends the body and stops the source.
    func write(to writer: inout any ResponseBodyWriter) async throws {
        let (outputs, continuation) = AsyncStream<Output>.makeStream()
        let relay = Task { [results] in
            do {
                for try await result in results { continuation.yield(.event(result)) }
                continuation.yield(.ended)
            } catch {
                continuation.yield(.failed(error as? GraphQLError ?? GraphQLError(error)))
            }
        }
        let interval = services.multipartHeartbeatInterval
        let heartbeats = Task {
            while (try? await Task.sleep(for: interval)) != nil {
                continuation.yield(.heartbeat)
            }
        }
        defer {
            heartbeats.cancel()
            relay.cancel()
            continuation.finish()
        }
        // A failed write means the client is gone, like the end of its input.
        var writeFailed = !(await send(MultipartSubscriptionWire.opening, to: &writer))
        if !writeFailed {
            writeFailed = !(await heartbeat(to: &writer))
        }
        var ending = Ending.finished
        var events = 0
        if case .sourceFails(0, let message) = fault {
            ending = .failed([GraphQLError(message: message)])
        } else if !writeFailed {
            reading: for await output in outputs {
                switch output {
                case .heartbeat:
                    guard await heartbeat(to: &writer) else {
                        writeFailed = true
                        break reading
                    }
                case .event(let result):
                    guard await send(MultipartSubscriptionWire.event(result), to: &writer) else {
                        writeFailed = true
                        break reading
                    }
                    events += 1
                    switch fault {
                    case .dropAfterFirstEvent?:
                        ending = .dropped
                        break reading
                    case .sourceFails(let after, let message)? where after == events:
                        ending = .failed([GraphQLError(message: message)])
                        break reading
                    default:
                        continue
                    }
                case .failed(let error):
                    ending = .failed([error])
                    break reading
                case .ended:
                    break reading
                }
            }
        }
        try await end(ending, writeFailed: writeFailed, writer: &writer)
    }

    /// Sends the ending's last bytes, stops the source, records how the subscription ended,
    /// and ends the response (or, for ``Ending/dropped``, the connection).
    private func end(_ ending: Ending, writeFailed: Bool, writer: inout any ResponseBodyWriter) async throws {
        let byClient = writeFailed || departure.hasLeft
        // A server going away ends the body without the close delimiter, as a crash would.
        let goingAway = !byClient && services.eventStreams.isShuttingDown
        var completed = false
        if !byClient, !goingAway {
            switch ending {
            case .finished:
                completed = await send(MultipartSubscriptionWire.closing, to: &writer)
            case .failed(let errors):
                if await send(MultipartSubscriptionWire.failure(errors), to: &writer) {
                    completed = await send(MultipartSubscriptionWire.closing, to: &writer)
                }
            case .dropped:
                break
            }
        }
        lifetime.stop()
        await lifetime.waitUntilEnded()
        let record: SubscriptionEvent?
        if completed {
            record = .completedByServer(connection: nil, id: id)
        } else if goingAway || (!byClient && isDropped(ending)) {
            record = nil
        } else {
            record = .completedByClient(connection: nil, id: id)
        }
        services.subscriptions.sourceStopped(record)
        defer { services.eventStreams.remove(id: id) }
        if !byClient, isDropped(ending) { throw InjectedConnectionClose() }
        try? await writer.finish(nil)
    }

    private func isDropped(_ ending: Ending) -> Bool {
        if case .dropped = ending { return true }
        return false
    }

    /// Writes a heartbeat and counts it.
    private func heartbeat(to writer: inout any ResponseBodyWriter) async -> Bool {
        guard await send(MultipartSubscriptionWire.heartbeat, to: &writer) else { return false }
        services.multipartHeartbeats.increment()
        return true
    }

    private func send(_ buffer: ByteBuffer, to writer: inout any ResponseBodyWriter) async -> Bool {
        (try? await writer.write(buffer)) != nil
    }
}
