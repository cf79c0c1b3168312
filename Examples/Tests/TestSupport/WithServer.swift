import ApogeeExampleServer

/// Runs `body` with a fresh example server on 127.0.0.1 and an ephemeral port (its own state),
/// and shuts it down afterwards; each test gets its own, so tests run in parallel.
package func withServer<Result: Sendable>(
    _ configuration: ExampleServer.Configuration = .init(),
    _ body: (ExampleServer) async throws -> Result
) async throws -> Result {
    try await ExampleServer.withServer(configuration: configuration, body)
}
