import Foundation
import Testing

/// A run of one of the package's executables: `QueueCrashChild`, which the crash test kills,
/// or `rocket-reserver`.
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()

    /// An executable of the package, built beside the test bundle because the tests depend on
    /// its target.
    static func executable(named name: String) throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw ChildNotFound(name: name, searchedFrom: CommandLine.arguments[0])
    }

    init(executable: URL, arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
    }

    /// Sends SIGKILL; `false` when the process had already ended.
    func kill() -> Bool {
        guard process.isRunning else { return false }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    /// Waits for the process to end and returns its exit status; kills it after `limit`.
    func waitForExit(limit: Duration) async throws -> Int32 {
        // Nothing counts as progress, so the limit is for the whole wait.
        try await waitForExit(stallLimit: limit) { 0 }
    }

    /// Waits for the process to end and returns its exit status, for as long as it makes
    /// progress: it is killed only when `progress` has not moved for `stallLimit`, so that a
    /// loaded machine makes the wait longer rather than the test red.
    func waitForExit(stallLimit: Duration, progress: () -> Int) async throws -> Int32 {
        var lastProgress = progress()
        var stallDeadline = ContinuousClock.now + stallLimit
        while process.isRunning {
            let current = progress()
            if current != lastProgress {
                lastProgress = current
                stallDeadline = ContinuousClock.now + stallLimit
            }
            guard ContinuousClock.now < stallDeadline else {
                _ = kill()
                Issue.record("the child did not finish, and made no progress for \(stallLimit)")
                return -1
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return process.terminationStatus
    }

    /// What the process wrote to standard output, once it has ended.
    var standardOutput: String {
        String(decoding: outputPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// What the process wrote to standard error, once it has ended.
    var standardError: String {
        String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// A package executable was not found next to the test bundle.
struct ChildNotFound: Error, CustomStringConvertible {
    var name: String
    var searchedFrom: String
    var description: String { "\(name) was not found near \(searchedFrom); build the package's tests" }
}
