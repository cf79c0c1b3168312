@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeObservability
import Foundation
import LiveFixtures
import MetricsTestKit
import TestSupport
import Testing

@Suite("Metrics and traces of subscriptions", .timeLimit(.minutes(10)))
struct SubscriptionObservabilityTests {
    @Test("A subscription counts once and each event counts; its span lasts until the server completes it")
    func eventsAndSpan() async throws {
        try await withObservers { server, observers in
            // GraphQL over server-sent events: the client's default transport.
            let client = observers.client(of: server.liveURL)
            var values: [Int] = []
            for try await result in client.subscribe(subscription: CountdownSubscription(from: 3)) {
                values.append(try #require(result.data).countdown)
            }
            #expect(values == [3, 2, 1])

            #expect(observers.total("apogee.graphql.requests", "Countdown", "subscription") == 1)
            #expect(observers.total("apogee.graphql.results.data", "Countdown", "subscription") == 3)
            #expect(observers.total("apogee.graphql.failures.transport", "Countdown", "subscription") == 0)
            let timer = try observers.metrics.recorded.expectTimer("apogee.graphql.duration", Observers.dimensions("Countdown", "subscription"))
            #expect(timer.values.count == 1)

            // The stream ended before the caller's loop did, so the span has ended already.
            let span = try #require(observers.tracer.finishedSpans.first)
            #expect(observers.tracer.finishedSpans.count == 1)
            #expect(span.operationName == "Countdown")
            #expect(span.attributes.get("graphql.operation.type") == .string("subscription"))
            #expect(span.status == nil)
            let request = try #require(server.recordedRequests(operationName: "Countdown").first)
            #expect(request.header("traceparent") == "00-\(span.traceID)-\(span.spanID)-01")
        }
    }

    @Test("The WebSocket's state is a gauge and each reconnection attempt counts")
    func connectionStateAndReconnects() async throws {
        try await withObservers { server, observers in
            let dimensions = [("endpoint", "live")]
            let (webSocket, recording) = observers.recordedWebSocket(of: server, dimensions: dimensions)
            defer { recording.cancel() }
            let client = observers.client(of: server.liveURL, tracing: nil, webSocket: webSocket)
            let gauge: @Sendable (TestMetrics) -> Double? = { try? $0.expectGauge("apogee.graphql.websocket.state", dimensions).lastValue }
            let idle = WebSocketConnectionMetrics.stateValue(of: .idle)
            let connected = WebSocketConnectionMetrics.stateValue(of: .connected)
            // Recording from the idle state on, so that the test sees every state after it.
            await observers.metrics.waitUntil { gauge($0) == Double(idle) }

            let events = client.subscribe(subscription: CounterChangedSubscription(id: "observed"))
            var iterator = events.makeAsyncIterator()
            await observers.metrics.waitUntil { gauge($0) == Double(connected) }
            await server.waitForActiveSubscriptions(1)
            await server.incrementCounter("observed")
            // The event must reach the client before the connection goes: it would be lost otherwise.
            let first = try await iterator.next()

            await server.dropWebSocketConnections()
            await observers.metrics.waitUntil { recorded in
                recorded.counterTotal(label: "apogee.graphql.websocket.reconnects", dimensions: dimensions) >= 1
                    && gauge(recorded) == Double(connected)
            }
            await server.waitForSubscriptionEvents { events in
                events.filter { if case .subscribed = $0 { true } else { false } }.count >= 2
            }
            await server.waitForActiveSubscriptions(1)
            await server.incrementCounter("observed")
            let second = try await iterator.next()
            #expect([first, second].map { $0?.data?.counterChanged.value } == [1, 2])

            let states = try observers.metrics.recorded.expectGauge("apogee.graphql.websocket.state", dimensions).values.map { Int($0) }
            let reconnecting = WebSocketConnectionMetrics.stateValue(of: .reconnecting(attempt: 1))
            #expect(states.starts(with: [idle, WebSocketConnectionMetrics.stateValue(of: .connecting), connected, reconnecting]))
            #expect(states.contains(reconnecting))
            #expect(states.last == connected)
            let reconnects = observers.metrics.recorded.counterTotal(label: "apogee.graphql.websocket.reconnects", dimensions: dimensions)
            #expect(reconnects == Int64(states.filter { $0 == reconnecting }.count))
            #expect(observers.total("apogee.graphql.results.data", "CounterChanged", "subscription") == 2)
            #expect(observers.total("apogee.graphql.requests", "CounterChanged", "subscription") == 1)
        }
    }

    @Test("A subscription the server refuses counts as a failure, ends its span with an error and leaves the gauge at closed")
    func refusal() async throws {
        try await withObservers { server, observers in
            let (webSocket, recording) = observers.recordedWebSocket(of: server)
            defer { recording.cancel() }
            let client = observers.client(of: server.liveURL, webSocket: webSocket)
            let events = client.subscribe(subscription: CounterChangedSubscription(id: "refused"))
            await server.waitForActiveSubscriptions(1)
            await server.closeWebSockets(code: 4403, reason: "Forbidden")
            await #expect(throws: ApogeeError.self) {
                for try await _ in events {}
            }

            #expect(observers.total("apogee.graphql.failures.transport", "CounterChanged", "subscription") == 1)
            #expect(observers.total("apogee.graphql.results.data", "CounterChanged", "subscription") == 0)
            let span = try #require(observers.tracer.finishedSpans.first)
            #expect(span.status?.code == .error)
            #expect(span.attributes.get("error.type") == .string("subscription"))
            let closed = Double(WebSocketConnectionMetrics.stateValue(of: .closed(.closed(code: 4403, reason: "Forbidden"))))
            await observers.metrics.waitUntil { (try? $0.expectGauge("apogee.graphql.websocket.state"))?.lastValue == closed }
            #expect(try observers.metrics.recorded.expectGauge("apogee.graphql.websocket.state").lastValue == closed)
            #expect(observers.metrics.recorded.counterTotal(label: "apogee.graphql.websocket.reconnects") == 0)
        }
    }
}
