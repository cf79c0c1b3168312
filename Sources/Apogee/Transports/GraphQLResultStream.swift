import ApogeeAPI

/// The results of one operation, in the order they arrive: one for a query or a mutation,
/// several for incremental delivery, one per event for a subscription (see ``ResultDelivery``).
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

    /// Where the results come from: one result held as it is (most streams: a query's or a
    /// mutation's), or an iterator made for each iteration.
    private enum Source: Sendable {
        case one(GraphQLResult<Data>)
        case iterated(@Sendable () -> AsyncIterator)
    }

    private let source: Source

    private init(makeIterator: @escaping @Sendable () -> AsyncIterator) {
        source = .iterated(makeIterator)
    }

    /// A stream of exactly one result.
    public init(result: GraphQLResult<Data>) {
        source = .one(result)
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
        switch source {
        case .one(let result): AsyncIterator(pending: result)
        case .iterated(let makeIterator): makeIterator()
        }
    }

    /// Reads the results one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The one result not yet read, for a stream of one.
        private var pending: GraphQLResult<Data>?
        /// Reads the next result, for any other stream.
        private let nextResult: (() async throws -> GraphQLResult<Data>?)?

        init(_ nextResult: @escaping () async throws -> GraphQLResult<Data>?) {
            self.nextResult = nextResult
        }

        fileprivate init(pending: GraphQLResult<Data>) {
            self.pending = pending
            nextResult = nil
        }

        /// The next result, or `nil` once the operation has delivered all of them.
        public mutating func next() async throws -> GraphQLResult<Data>? {
            guard let nextResult else {
                defer { pending = nil }
                return pending
            }
            return try await nextResult()
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

    /// The stream's first result, for a request of ``ResultDelivery/single`` delivery. It reads
    /// on to the stream's end, so that whatever watches the stream sees it finish before the
    /// result is used; results after the first, which a single delivery does not have, are
    /// dropped.
    /// - Throws: What the stream throws, or ``ApogeeError/noResult`` when it ends without one.
    public func singleResult() async throws -> GraphQLResult<Data> {
        var iterator = makeAsyncIterator()
        guard let result = try await iterator.next() else { throw ApogeeError.noResult }
        while try await iterator.next() != nil {}
        return result
    }

    /// Reads the first result now, and returns it with a stream that delivers it again and
    /// then the rest: for an interceptor that decides from the first result what to do with
    /// the stream (retry it, say). `first` is `nil` when the stream ends without a result.
    public func withFirstResult() async throws -> (first: GraphQLResult<Data>?, stream: Self) {
        let iterator = makeAsyncIterator()
        let reader = HandedOnResults(iterator)
        let first = try await reader.next()
        guard let first else { return (nil, .empty) }
        return (first, Self(first: first) { try await reader.next() })
    }

    /// A stream of `first`, then of what `next` returns, once per result: for one stream, so
    /// read at most once.
    init(first: GraphQLResult<Data>, then next: @escaping @Sendable () async throws -> GraphQLResult<Data>?) {
        self.init(unfolding: {
            var pendingFirst: GraphQLResult<Data>? = first
            return {
                if let result = pendingFirst {
                    pendingFirst = nil
                    return result
                }
                return try await next()
            }
        })
    }
}

/// The iterator of a stream read by one consumer after another (the code that read ahead,
/// then the stream handed on), never by two at once.
final class HandedOnResults<Data: Sendable>: @unchecked Sendable {
    private var iterator: GraphQLResultStream<Data>.AsyncIterator?

    init(_ iterator: GraphQLResultStream<Data>.AsyncIterator? = nil) {
        self.iterator = iterator
    }

    /// Starts reading `stream`, in place of whatever was read before.
    func read(_ stream: GraphQLResultStream<Data>) {
        iterator = stream.makeAsyncIterator()
    }

    /// The next result, or `nil` once the stream has ended.
    func next() async throws -> GraphQLResult<Data>? {
        guard var current = iterator else { return nil }
        let result = try await current.next()
        iterator = result == nil ? nil : current
        return result
    }
}
