/// Waits for `operation` to finish or for `limit` to pass, whichever comes first. After the
/// limit the operation is cancelled and left to end on its own.
///
/// Shutdown uses it for every step that waits on a client (a WebSocket close frame to go out, a
/// Server-Sent Events stream to write its last chunk): a client that never reads, or a response
/// whose body never started, must not hold the server, and the test that stops it, forever.
func awaitAtMost(_ limit: Duration, _ operation: @escaping @Sendable () async -> Void) async {
    let (finished, signal) = AsyncStream<Void>.makeStream()
    let work = Task {
        await operation()
        signal.finish()
    }
    let timer = Task {
        try? await Task.sleep(for: limit)
        signal.finish()
    }
    for await _ in finished {}
    work.cancel()
    timer.cancel()
}
