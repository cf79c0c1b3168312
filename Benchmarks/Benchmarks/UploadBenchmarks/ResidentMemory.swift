import Foundation

/// The process's resident memory, from `/proc/self/status` (Linux).
enum ResidentMemory {
    /// `VmRSS` in bytes: resident now.
    static var current: Int? { field("VmRSS:") }
    /// `VmHWM` in bytes: the highest resident size so far.
    static var peak: Int? { field("VmHWM:") }

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
final class ResidentMemorySampler: @unchecked Sendable {
    // `@unchecked`: `highest` and `running` are only touched under `lock`.
    private let lock = NSLock()
    private var highest = 0
    private var running = true
    private var thread: Thread?

    func start() {
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
    func stop() -> Int {
        lock.withLock {
            running = false
            return max(highest, ResidentMemory.current ?? 0)
        }
    }
}
