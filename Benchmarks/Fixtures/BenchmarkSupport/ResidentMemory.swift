import Foundation

// Measurements the benchmarks of several targets share.

/// The process's resident memory, from `/proc/self/status` (Linux).
public enum ResidentMemory {
    /// `VmRSS` in bytes: resident now.
    public static var current: Int? { field("VmRSS:") }
    /// `VmHWM` in bytes: the highest resident size so far.
    public static var peak: Int? { field("VmHWM:") }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            // "VmRSS:\t   30172 kB": a tab, spaces, the number, the unit.
            let kilobytes = line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}

/// Samples `VmRSS` every millisecond on a thread of its own while some work runs, and keeps
/// the highest value: unlike `VmHWM`, it is not raised by what happened before the work.
public final class ResidentMemorySampler: @unchecked Sendable {
    // `@unchecked`: `highest` and `running` are only touched under `lock`.
    private let lock = NSLock()
    private var highest = 0
    private var running = true
    private var thread: Thread?

    /// Creates a sampler; ``start()`` starts it.
    public init() {}

    /// Starts sampling on a thread of its own.
    public func start() {
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                if let rss = ResidentMemory.current {
                    lock.withLock { highest = max(highest, rss) }
                }
                usleep(1_000)
            }
        }
        self.thread = thread
        thread.start()
    }

    /// Stops sampling and returns the highest resident size seen.
    public func stop() -> Int {
        lock.withLock {
            running = false
            return max(highest, ResidentMemory.current ?? 0)
        }
    }
}
