import Foundation

/// Measures the phases of a run for `--timing`.
struct PhaseClock {
    let enabled: Bool
    private let start = ContinuousClock.now
    private var last = ContinuousClock.now
    private var laps: [(String, Duration)] = []

    init(enabled: Bool) {
        self.enabled = enabled
    }

    mutating func lap(_ name: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        laps.append((name, now - last))
        last = now
    }

    func report() {
        guard enabled else { return }
        var text = ""
        for (name, duration) in laps {
            text += "\(name): \(milliseconds(duration)) ms\n"
        }
        text += "total: \(milliseconds(ContinuousClock.now - start)) ms\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    private func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%.1f", value)
    }
}
