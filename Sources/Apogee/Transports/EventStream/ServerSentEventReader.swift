import Foundation

/// The events of a streamed body, one at a time.
struct ServerSentEventReader {
    private var body: AsyncThrowingStream<Data, any Error>.AsyncIterator
    private var parser = ServerSentEventParser()
    private var pending: [ServerSentEvent] = []

    init(body: AsyncThrowingStream<Data, any Error>) {
        self.body = body.makeAsyncIterator()
    }

    /// The next event, or `nil` when the body ends.
    /// - Throws: the body's error, or ``ApogeeError/subscription(_:)`` for bytes that are not
    ///   an event stream.
    mutating func next() async throws -> ServerSentEvent? {
        while pending.isEmpty {
            guard let piece = try await body.next() else { return nil }
            do {
                pending = try parser.consume(piece)
            } catch {
                throw ApogeeError.subscription(error)
            }
        }
        return pending.removeFirst()
    }
}
