import ApogeeAPI
import NIOConcurrencyHelpers

/// Hands the bound port from Hummingbird's `onServerRunning` callback to the code waiting in
/// `start`, or the error that stopped the server before it ran. Whichever comes first wins.
final class StartupSignal: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Int, any Error>?)
        case finished(Result<Int, any Error>)
    }

    private let state = NIOLockedValueBox<State>(.waiting(nil))

    func succeed(port: Int) { finish(.success(port)) }

    func fail(_ error: any Error) { finish(.failure(error)) }

    /// Waits for the first outcome.
    func wait() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let result = state.withLockedValue { state -> Result<Int, any Error>? in
                switch state {
                case .finished(let result):
                    return result
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                }
            }
            if let result { continuation.resume(with: result) }
        }
    }

    private func finish(_ result: Result<Int, any Error>) {
        let continuation = state.withLockedValue { state -> CheckedContinuation<Int, any Error>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .finished(result)
            return continuation
        }
        continuation?.resume(with: result)
    }
}
