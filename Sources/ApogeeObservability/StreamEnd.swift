import Apogee
import ApogeeAPI

/// How a stream of results ended, for what records a subscription from start to end.
enum StreamEnd {
    /// The server completed it.
    case finished
    /// It ended with an error.
    case failed(any Error)
    /// The reader stopped reading before it ended: how a caller ends a subscription.
    case abandoned
}

extension GraphQLResultStream {
    /// This stream, with `onResult` told of each result and `onEnd`, once per iteration, of
    /// how it ended, even when the reader drops it half read.
    func watched(
        onResult: @escaping @Sendable (GraphQLResult<Data>) -> Void,
        onEnd: @escaping @Sendable (StreamEnd) -> Void
    ) -> Self {
        let base = self
        return GraphQLResultStream(unfolding: {
            var iterator = base.makeAsyncIterator()
            let watch = EndWatch(onEnd)
            return {
                do {
                    guard let result = try await iterator.next() else {
                        watch.end(.finished)
                        return nil
                    }
                    onResult(result)
                    return result
                } catch {
                    watch.end(.failed(error))
                    throw error
                }
            }
        })
    }
}

/// Tells of a stream's end once: when it ends, or else when its iteration is dropped (its
/// closure, and this with it, released).
private final class EndWatch: Sendable {
    private let onEnd: @Sendable (StreamEnd) -> Void
    private let ended = Locked(false)

    init(_ onEnd: @escaping @Sendable (StreamEnd) -> Void) {
        self.onEnd = onEnd
    }

    func end(_ end: StreamEnd) {
        let first = ended.withLock { ended in
            defer { ended = true }
            return !ended
        }
        if first { onEnd(end) }
    }

    deinit {
        end(.abandoned)
    }
}
