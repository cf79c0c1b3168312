/// Runs `body` and returns its value, or cancels it and throws
/// ``ApogeeError/deadlineExceeded(_:)`` once `deadline` has passed, whichever comes first.
///
/// The body is cancelled, not abandoned: a request in flight is cancelled with it, and the
/// error is thrown only once the body has ended.
func withDeadline<Value: Sendable>(_ deadline: Duration, _ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: deadline)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        guard let value = first else {
            // The timer won: cancel the body and wait for it to end before saying so.
            group.cancelAll()
            while let _ = try? await group.next() {}
            throw ApogeeError.deadlineExceeded(deadline)
        }
        return value
    }
}
