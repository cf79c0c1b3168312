#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGTERM sent to this process, as a deployment stops a server: for tests of a `ServiceGroup`
/// that traps it. Every group that traps SIGTERM hears it, so such tests take turns through
/// ``exclusively(_:)``; and a SIGTERM sent while no group traps it ends the test process.
public enum TerminationSignal {
    /// An error from `kill(2)`.
    public struct SendFailed: Error {
        /// `errno` after the call.
        public let code: Int32
    }

    private static let turns = Turns()

    /// Runs `body` while no other caller of this method runs: one test at a time traps and
    /// sends SIGTERM.
    public static func exclusively<Result: Sendable>(
        _ body: () async throws -> Result
    ) async throws -> Result {
        await turns.take()
        do {
            let result = try await body()
            await turns.pass()
            return result
        } catch {
            await turns.pass()
            throw error
        }
    }

    /// Sends SIGTERM to this process.
    public static func send() throws {
        guard kill(getpid(), SIGTERM) == 0 else { throw SendFailed(code: errno) }
    }

    /// One turn at a time, handed on in the order asked for.
    private actor Turns {
        private var isTaken = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func take() async {
            guard isTaken else {
                isTaken = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func pass() {
            if waiting.isEmpty {
                isTaken = false
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}
