@testable import ApogeeAPI
import Foundation
import Testing

/// The tests that bound the resident set, and those that allocate tens of megabytes. A bound
/// samples the whole process's memory, so these run one at a time: each would otherwise count
/// what another allocates. Each file adds its tests in an extension.
@Suite("Resident memory", .serialized)
struct ResidentMemoryTests {}

/// `VmRSS` of this process, from `/proc/self/status`.
enum ResidentSet {
    static var current: Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) }.map { $0 * 1024 }
    }
}

/// Samples `VmRSS` every millisecond on its own thread until stopped, keeping the highest.
final class ResidentSetSampler: Sendable {
    private struct State {
        var highest = 0
        var running = true
    }

    private let state = Locked(State())

    init() {
        Thread.detachNewThread { [self] in
            while state.withLock({ $0.running }) {
                let rss = ResidentSet.current ?? 0
                state.withLock { $0.highest = max($0.highest, rss) }
                usleep(1_000)
            }
        }
    }

    /// Stops sampling; the highest resident size seen.
    func stop() -> Int {
        state.withLock { state in
            state.running = false
            return max(state.highest, ResidentSet.current ?? 0)
        }
    }
}
