import ApogeeAPI
import Logging

/// Keeps every entry logged through its loggers, so tests can check what was logged (and
/// that no secret was).
///
/// ```swift
/// let recorder = LogRecorder()
/// let logger = recorder.logger(label: "graphql")
/// // … use the logger …
/// #expect(!recorder.renderedText.contains(token))
/// ```
public final class LogRecorder: Sendable {
    /// One logged entry.
    public struct Entry: Sendable {
        /// The entry's level.
        public var level: Logger.Level
        /// The message.
        public var message: String
        /// The metadata, the logger's and the entry's merged.
        public var metadata: Logger.Metadata
        /// The logger's label.
        public var label: String
    }

    private let recorded = Locked<[Entry]>([])

    /// Creates an empty recorder.
    public init() {}

    /// The entries logged so far, in order.
    public var entries: [Entry] {
        recorded.withLock { $0 }
    }

    /// Every entry's message and metadata as text, for checking that something does or does
    /// not appear anywhere in the log.
    public var renderedText: String {
        entries.map { "\($0.level) \($0.message) \($0.metadata)" }.joined(separator: "\n")
    }

    /// A logger that records into this recorder, at `trace` level so nothing is filtered out.
    public func logger(label: String = "apogee-test") -> Logger {
        var logger = Logger(label: label) { label in RecordingLogHandler(label: label, recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    func record(_ entry: Entry) {
        recorded.withLock { $0.append(entry) }
    }
}
