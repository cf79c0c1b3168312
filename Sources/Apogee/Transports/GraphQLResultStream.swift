import ApogeeAPI

/// The results of one operation, in the order they arrive: one for a query or a mutation,
/// one per event for a subscription.
///
/// Network transports return it, and interceptors pass it on, change its results with
/// ``map(_:)`` or watch how it ends with ``observingFailure(_:)``. Iterating it is what asks
/// for the next result; a stream of a subscription ends when the server completes the
/// subscription, and stopping the iteration (or cancelling its task) stops the subscription.
///
/// A stream of one known result costs no more than the result itself: no task, no buffer.
public struct GraphQLResultStream<Data: Sendable>: AsyncSequence, Sendable {
    /// One result.
    public typealias Element = GraphQLResult<Data>

    private let makeIterator: @Sendable () -> AsyncIterator

    private init(makeIterator: @escaping @Sendable () -> AsyncIterator) {
        self.makeIterator = makeIterator
    }

    /// A stream of exactly one result.
    public init(result: GraphQLResult<Data>) {
        self.init {
            var delivered = false
            return AsyncIterator {
                guard !delivered else { return nil }
                delivered = true
                return result
            }
        }
    }

    /// A stream that ends at once, without a result: a subscription completed before its
    /// first event.
    public static var empty: Self {
        Self { AsyncIterator { nil } }
    }

    /// A stream of the results of an `AsyncThrowingStream`, ending as it ends.
    public init(_ results: AsyncThrowingStream<GraphQLResult<Data>, any Error>) {
        self.init {
            var iterator = results.makeAsyncIterator()
            return AsyncIterator { try await iterator.next() }
        }
    }

    /// A stream whose results come from a closure, called once per result until it returns
    /// `nil` or throws. Each iteration of the stream makes its own closure with `makeNext`.
    public init(unfolding makeNext: @escaping @Sendable () -> () async throws -> GraphQLResult<Data>?) {
        self.init { AsyncIterator(makeNext()) }
    }

    /// Starts reading the results.
    public func makeAsyncIterator() -> AsyncIterator {
        makeIterator()
    }

    /// Reads the results one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let nextResult: () async throws -> GraphQLResult<Data>?

        init(_ nextResult: @escaping () async throws -> GraphQLResult<Data>?) {
            self.nextResult = nextResult
        }

        /// The next result, or `nil` once the operation has delivered all of them.
        public mutating func next() async throws -> GraphQLResult<Data>? {
            try await nextResult()
        }
    }
}

extension GraphQLResultStream {
    /// This stream with each result replaced by what `transform` makes of it, as it arrives.
    public func map(_ transform: @escaping @Sendable (GraphQLResult<Data>) async throws -> GraphQLResult<Data>) -> Self {
        let base = self
        return Self {
            var iterator = base.makeAsyncIterator()
            return AsyncIterator {
                guard let result = try await iterator.next() else { return nil }
                return try await transform(result)
            }
        }
    }

    /// This stream, with `observe` told of the error that ends it, if one does. The error is
    /// still thrown to whoever reads the stream.
    public func observingFailure(_ observe: @escaping @Sendable (any Error) async -> Void) -> Self {
        let base = self
        return Self {
            var iterator = base.makeAsyncIterator()
            return AsyncIterator {
                do {
                    return try await iterator.next()
                } catch {
                    await observe(error)
                    throw error
                }
            }
        }
    }

    /// The stream's only result, for a query or a mutation.
    /// - Throws: What the stream throws, or ``ApogeeError/noResult`` when it ends without one.
    public func singleResult() async throws -> GraphQLResult<Data> {
        var iterator = makeAsyncIterator()
        guard let result = try await iterator.next() else { throw ApogeeError.noResult }
        return result
    }
}
