import Logging

/// A swift-log handler that hands each entry to a ``LogRecorder``.
public struct RecordingLogHandler: LogHandler {
    /// The label of the logger this handler serves.
    public let label: String
    /// Where entries go.
    public let recorder: LogRecorder
    /// The logger's own metadata.
    public var metadata: Logger.Metadata = [:]
    /// The lowest level recorded; everything by default.
    public var logLevel: Logger.Level = .trace

    /// Creates a handler for a logger's label.
    public init(label: String, recorder: LogRecorder) {
        self.label = label
        self.recorder = recorder
    }

    /// One item of the logger's metadata.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Records the entry with the logger's and the entry's metadata merged.
    public func log(event: LogEvent) {
        var merged = metadata
        if let entryMetadata = event.metadata {
            merged.merge(entryMetadata) { _, entry in entry }
        }
        recorder.record(LogRecorder.Entry(level: event.level, message: event.message.description, metadata: merged, label: label))
    }
}
