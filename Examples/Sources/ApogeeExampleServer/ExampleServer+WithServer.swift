extension ExampleServer {
    /// Starts a server, runs `body` with it, and shuts it down whatever `body` does.
    public static func withServer<Result: Sendable>(
        configuration: Configuration = Configuration(),
        _ body: (ExampleServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(configuration: configuration)
        do {
            let result = try await body(server)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }
}
