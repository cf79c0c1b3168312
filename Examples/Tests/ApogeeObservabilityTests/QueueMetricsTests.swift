@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeObservability
import Foundation
import TestSupport
import Testing
import TodoAPI

@Suite("Metrics of a durable queue", .timeLimit(.minutes(10)))
struct QueueMetricsTests {
    static func addTodo(_ text: String) -> AddTodoMutation {
        AddTodoMutation(input: .init(text: text, userId: "me"), connections: [])
    }

    @Test("A queue counts each mutation it queues, attempts, retries, delivers, gives up and cancels, under the operation's name only; depth and oldest age are sampled from storage")
    func queueCounters() async throws {
        try await withServer { server in
            let metrics = WatchedMetrics()
            let recorder = MutationQueueMetrics(factory: metrics)
            let queue = MutationQueue(
                client: ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil)),
                storage: InMemoryMutationQueueStorage(),
                configuration: .init(
                    retryPolicy: RetryPolicy(initialDelay: .milliseconds(1), maximumDelay: .milliseconds(1), jitter: 0),
                    observer: recorder
                )
            )
            let dimensions = [("graphql.operation.name", "AddTodo")]
            func total(_ label: String) -> Int64 { metrics.recorded.counterTotal(label: label, dimensions: dimensions) }

            // Held at the server: the first mutation is in flight, the second waits behind it.
            server.holdMutations()
            _ = try await queue.enqueue(Self.addTodo("first"), idempotencyKey: "first")
            let second = try await queue.enqueue(Self.addTodo("second secret"), idempotencyKey: "second")
            await metrics.waitUntil { $0.counterTotal(label: "apogee.graphql.queue.attempts", dimensions: dimensions) == 1 }
            try await recorder.recordDepth(of: queue)
            #expect(try metrics.recorded.expectGauge("apogee.graphql.queue.depth").lastValue == 2)
            #expect(try #require(try metrics.recorded.expectGauge("apogee.graphql.queue.oldest_pending_age_seconds").lastValue) >= 0)
            #expect(try await second.cancel())
            #expect(total("apogee.graphql.queue.cancelled") == 1)

            // A 503 for the first attempt is retried; the answer then delivers it.
            server.enqueueFault(.htmlErrorPage(status: 503))
            server.releaseMutations()
            _ = try await queue.outcome(of: "first")
            #expect(total("apogee.graphql.queue.retries") == 1)
            #expect(total("apogee.graphql.queue.attempts") == 2)
            #expect(total("apogee.graphql.queue.delivered") == 1)

            // A 400 says the request is wrong: given up at once.
            server.enqueueFault(.htmlErrorPage(status: 400))
            let refused = try await queue.enqueue(Self.addTodo("refused"), idempotencyKey: "refused")
            await #expect(throws: ApogeeError.self) { try await refused.result() }
            #expect(total("apogee.graphql.queue.give_ups") == 1)
            #expect(total("apogee.graphql.queue.enqueued") == 3)

            try await recorder.recordDepth(of: queue)
            #expect(try metrics.recorded.expectGauge("apogee.graphql.queue.depth").lastValue == 0)
            #expect(try metrics.recorded.expectGauge("apogee.graphql.queue.oldest_pending_age_seconds").lastValue == 0)
            // Only the operation's name: no queue name, key or variable in any dimension.
            let everything = metrics.recorded.counters.flatMap(\.dimensions).map { "\($0.0)=\($0.1)" }
            #expect(!everything.contains { $0.contains("secret") || $0.contains("first") || $0.contains("default") })
        }
    }
}
