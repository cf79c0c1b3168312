import Apogee
import CoreMetrics

/// Records a `GraphQLWebSocketTransport`'s connection through swift-metrics: its state as a
/// gauge and its reconnection attempts as a counter.
///
/// The gauge (``MetricLabels/connectionState``) holds the state as a number, so that a
/// dashboard can plot it and alert on it: ``stateValue(of:)`` gives the numbers.
/// The counter (``MetricLabels/reconnects``) counts each reconnection attempt: each
/// `.reconnecting(attempt:)` state the transport enters.
///
/// ```swift
/// let recording = webSocket.recordConnectionMetrics()
/// // … and when the transport is no longer used:
/// recording.cancel()
/// ```
public struct WebSocketConnectionMetrics: Sendable {
    /// Where the metrics go.
    public let factory: any MetricsFactory
    /// The metrics' names.
    public let labels: MetricLabels
    /// Dimensions to tell several transports apart (`[("endpoint", "live")]`, say); none by
    /// default. They are the caller's own, so no URL or credential goes in unasked.
    public let dimensions: [(String, String)]

    /// Creates the recorder.
    /// - Parameters:
    ///   - factory: The metrics backend; the one bootstrapped in `MetricsSystem` by default.
    ///   - labels: The metrics' names.
    ///   - dimensions: Dimensions of the caller's choosing, to tell transports apart.
    public init(factory: any MetricsFactory = MetricsSystem.factory, labels: MetricLabels = MetricLabels(), dimensions: [(String, String)] = []) {
        self.factory = factory
        self.labels = labels
        self.dimensions = dimensions
    }

    /// The gauge's value for a state: 0 idle, 1 connecting, 2 connected, 3 reconnecting,
    /// 4 closed for good.
    public static func stateValue(of state: GraphQLWebSocketTransport.ConnectionState) -> Int {
        switch state {
        case .idle: 0
        case .connecting: 1
        case .connected: 2
        case .reconnecting: 3
        case .closed: 4
        }
    }

    /// Records one state the transport entered.
    public func record(_ state: GraphQLWebSocketTransport.ConnectionState) {
        Gauge(label: labels.connectionState, dimensions: dimensions, factory: factory).record(Self.stateValue(of: state))
        if case .reconnecting = state {
            Counter(label: labels.reconnects, dimensions: dimensions, factory: factory).increment()
        }
    }

    /// Records the transport's state now and at each change, until the calling task is
    /// cancelled.
    public func observe(_ transport: GraphQLWebSocketTransport) async {
        for await state in await transport.connectionStates() {
            record(state)
        }
    }
}

extension GraphQLWebSocketTransport {
    /// Starts recording this transport's connection state and reconnections (see
    /// ``WebSocketConnectionMetrics``); cancel the task to stop.
    /// - Parameters:
    ///   - factory: The metrics backend; the one bootstrapped in `MetricsSystem` by default.
    ///   - labels: The metrics' names.
    ///   - dimensions: Dimensions of the caller's choosing, to tell transports apart.
    public nonisolated func recordConnectionMetrics(
        factory: any MetricsFactory = MetricsSystem.factory,
        labels: MetricLabels = MetricLabels(),
        dimensions: [(String, String)] = []
    ) -> Task<Void, Never> {
        let metrics = WebSocketConnectionMetrics(factory: factory, labels: labels, dimensions: dimensions)
        return Task { await metrics.observe(self) }
    }
}
