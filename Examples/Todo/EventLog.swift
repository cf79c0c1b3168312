import Foundation

/// Prints what happens, each line with the time since the step began, so the output shows
/// the optimistic state arriving before the server's answer.
@MainActor
final class EventLog {
    private var stepStart = ContinuousClock.now

    /// Starts a numbered step.
    func step(_ number: Int, _ title: String) {
        print("\n\(number). \(title)")
        stepStart = .now
    }

    /// Something the app did.
    func action(_ text: String) {
        line("→", text)
    }

    /// Something the app was told: the watcher, the server.
    func event(_ text: String) {
        line("←", text)
    }

    private func line(_ arrow: String, _ text: String) {
        let elapsed = ContinuousClock.now - stepStart
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        print("   \(String(repeating: " ", count: max(0, 6 - String(milliseconds).count)))+\(milliseconds) ms  \(arrow) \(text)")
    }
}
