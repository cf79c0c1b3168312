/// Runs `body`, and tells `onFailure` of the error it throws before throwing it on: how the
/// interceptors record a failure without changing it.
func observingFailure<Value>(_ onFailure: (any Error) -> Void, of body: () async throws -> Value) async throws -> Value {
    do {
        return try await body()
    } catch {
        onFailure(error)
        throw error
    }
}
