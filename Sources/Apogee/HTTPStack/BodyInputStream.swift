import ApogeeAPI
import Foundation

/// An `InputStream` over a streamed ``HTTPBody``, for `URLRequest.httpBodyStream`.
///
/// FoundationNetworking pulls a body stream from libcurl's thread, one buffer at a time, so
/// the body never has to be in memory. Opening it again (libcurl sends the body again after a
/// 307 redirect) starts a fresh stream from the body's start. When the body fails (a file
/// shrank), the read reports an error to the HTTP stack and ``failure`` keeps the reason, which
/// the transport throws instead of the stack's generic error.
final class BodyInputStream: InputStream {
    // The HTTP stack reads from one thread at a time; `state` is behind a lock because the
    // transport reads `failure` from another thread when the task ends.
    private struct State {
        var stream: (any HTTPBodyStream)?
        var status: Stream.Status = .notOpen
        var failure: (any Error)?
        var opened = false
    }

    private let body: HTTPBody
    private let state: Locked<State>

    /// - Parameter first: The stream for the first attempt, already opened by the transport so
    ///   that a body that cannot be opened fails before the request starts.
    init(body: HTTPBody, first: any HTTPBodyStream) {
        self.body = body
        self.state = Locked(State(stream: first))
        super.init(data: Data())
    }

    /// Why the body stopped early, if it did.
    var failure: (any Error)? {
        state.withLock { $0.failure }
    }

    /// A stream over the same body from its start, for `urlSession(_:task:needNewBodyStream:)`.
    func restarted() -> BodyInputStream? {
        guard let stream = try? body.makeStream() else { return nil }
        return BodyInputStream(body: body, first: stream)
    }

    override func open() {
        state.withLock { state in
            if state.opened {
                // Sent again: start over with a fresh stream of the body.
                state.stream?.close()
                do {
                    state.stream = try body.makeStream()
                } catch {
                    state.stream = nil
                    state.failure = error
                }
            }
            state.opened = true
            state.status = state.failure == nil ? .open : .error
        }
    }

    override func close() {
        state.withLock { state in
            state.stream?.close()
            state.status = .closed
        }
    }

    override var streamStatus: Stream.Status {
        state.withLock { $0.status }
    }

    override var streamError: (any Error)? {
        failure
    }

    override var hasBytesAvailable: Bool {
        state.withLock { $0.status == .open || $0.status == .notOpen }
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        state.withLock { state in
            guard let stream = state.stream, state.failure == nil else { return -1 }
            do {
                let count = try stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
                if count == 0 { state.status = .atEnd }
                return count
            } catch {
                state.failure = error
                state.status = .error
                return -1
            }
        }
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>) -> Bool {
        false
    }
}
