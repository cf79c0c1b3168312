/// The error a stream ends with, or `nil` when it ends without one; what it yields is dropped.
public func failure<Stream: AsyncSequence>(of stream: Stream) async -> (any Error)? {
    do {
        for try await _ in stream {}
        return nil
    } catch {
        return error
    }
}
