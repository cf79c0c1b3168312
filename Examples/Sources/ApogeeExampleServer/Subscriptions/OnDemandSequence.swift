import ApogeeAPI
import NIOConcurrencyHelpers

/// A finite source that makes each element only when the engine asks for the next one, "as
/// fast as it can", and stops making them as soon as it is stopped or its reader is cancelled,
/// so a client that stops early leaves nothing running. (GraphQLSwift buffers the results it
/// executes without waiting for the transport, so a fast source can still run ahead of a slow
/// client by the size of that buffer.)
struct OnDemandSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// Ends the lifetime when the last copy of the sequence and its iterator is gone, which
    /// is when the engine stopped iterating, however it stopped.
    private final class EndOfSource: Sendable {
        let lifetime: SourceLifetime?
        let isStopped = NIOLockedValueBox(false)

        init(lifetime: SourceLifetime?) {
            self.lifetime = lifetime
            lifetime?.started(onStop: { [isStopped] in isStopped.withLockedValue { $0 = true } })
        }

        deinit { lifetime?.ended() }
    }

    let count: Int
    let element: @Sendable (_ index: Int) async -> Element
    private let end: EndOfSource

    /// - Parameters:
    ///   - count: how many elements (indexes `0..<count`).
    ///   - lifetime: told when the sequence is done with.
    ///   - element: makes the element at an index.
    init(count: Int, lifetime: SourceLifetime?, element: @escaping @Sendable (_ index: Int) async -> Element) {
        self.count = Swift.max(0, count)
        self.element = element
        self.end = EndOfSource(lifetime: lifetime)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let sequence: OnDemandSequence
        private var index = 0

        fileprivate init(sequence: OnDemandSequence) {
            self.sequence = sequence
        }

        mutating func next() async -> Element? {
            guard index < sequence.count, !Task.isCancelled, !sequence.end.isStopped.withLockedValue({ $0 }) else { return nil }
            defer { index += 1 }
            return await sequence.element(index)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self)
    }
}
