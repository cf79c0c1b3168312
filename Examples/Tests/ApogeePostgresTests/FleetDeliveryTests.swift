@testable import Apogee
import ApogeeExampleServer
@testable import ApogeePostgres
@testable import ApogeeStore
import ApogeeTesting
import Foundation
import PostgresNIO
import TestSupport
import Testing
import TodoAPI

/// Queues in one process sharing a PostgreSQL queue, against the example server.
@Suite("Fleet delivery: queues sharing PostgreSQL storage", .enabled(if: TestPostgres.isConfigured, TestPostgres.notConfigured))
struct FleetDeliveryTests {
    static func addTodo(_ text: String) -> AddTodoMutation {
        AddTodoMutation(input: .init(text: text, userId: "me"), connections: [])
    }

    /// A queue of its own client over `storage`, as one process of a fleet has.
    static func worker(
        _ name: String,
        server: ExampleServer,
        storage: any SharedMutationQueueStorage,
        deliveries: Int = 3,
        lease: Duration = MutationQueue.Configuration().lease,
        pollInterval: Duration = .milliseconds(20),
        claimBatchSize: Int = MutationQueue.Configuration().claimBatchSize,
        observer: (any MutationQueueObserver)? = nil
    ) -> MutationQueue {
        var configuration = MutationQueue.Configuration(
            retryPolicy: RetryPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(100)),
            workerName: name,
            lease: lease,
            pollInterval: pollInterval,
            concurrentDeliveries: deliveries,
            observer: observer
        )
        configuration.claimBatchSize = claimBatchSize
        return MutationQueue(
            client: ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil)),
            storage: storage,
            restoring: [AddTodoMutation.self],
            configuration: configuration
        )
    }

    @Test("two workers drain four queues: every key applied once, each queue in the order queued, nothing left pending")
    func twoWorkersDrainInOrder() async throws {
        try await TestPostgres.withStorage { storage in
            try await ExampleServer.withServer { server in
                let queues = ["a", "b", "c", "d"]
                var expected: [String: [String]] = [:]
                for number in 1...15 {
                    for queue in queues {
                        let key = "fleet-\(queue)-\(number)"
                        _ = try await storage.client.withTransaction(logger: TestPostgres.logger) { connection in
                            try await storage.enqueue(Self.addTodo(key), queue: queue, idempotencyKey: key, on: connection)
                        }
                        expected[queue, default: []].append(key)
                    }
                }
                let workers = [Self.worker("one", server: server, storage: storage), Self.worker("two", server: server, storage: storage)]
                for worker in workers { try await worker.start() }
                for worker in workers { #expect(await worker.waitUntilEmpty()) }
                for worker in workers { await worker.stop() }

                let applied = server.appliedIdempotencyKeys.filter { $0.hasPrefix("fleet-") }
                #expect(applied.count == 60)
                #expect(Set(applied).count == applied.count)
                for queue in queues {
                    #expect(applied.filter { $0.hasPrefix("fleet-\(queue)-") } == expected[queue])
                }
                #expect(try await storage.pendingMutations().isEmpty)
                #expect(server.requestCount(operationName: "AddTodo") == 60)
            }
        }
    }

    @Test("perform through the outbox 200 times in a row, each delivered at once by the same process: every call returns its own answer")
    func performInARow() async throws {
        try await TestPostgres.withStorage { storage in
            try await ExampleServer.withServer { server in
                // As an app makes it: the default configuration.
                let client = ApogeeClient(url: server.todoURL, interceptorProvider: DefaultInterceptorProvider(retry: nil))
                let queue = MutationQueue(client: client, storage: storage, restoring: [AddTodoMutation.self])
                for index in 0..<200 {
                    let result = try await queue.perform(mutation: Self.addTodo("in a row \(index)"))
                    #expect(result.data?.addTodo?.todoEdge.node?.fragments.todoRow.text == "in a row \(index)")
                }
                await queue.stop()
                // Applied once each. A request may go out twice on a machine loaded enough for a
                // lease to lapse (the thread sanitizer's run); its idempotency key keeps the
                // second from applying.
                let applied = server.appliedIdempotencyKeys
                #expect(applied.count == 200)
                #expect(Set(applied).count == 200)
            }
        }
    }

    @Test("over storage that claims one at a time (the protocol's default batch calls), a worker draining one queue claims each mutation with the settlement of the one before, and workers woken to fan out stop once one finds nothing")
    func drainClaimsWithSettlements() async throws {
        try await TestPostgres.withStorage { postgres in
            try await ExampleServer.withServer { server in
                let storage = CountingSharedStorage(postgres)
                for number in 0..<30 {
                    _ = try await storage.enqueue(QueuedMutation(Self.addTodo("backlog \(number)"), queue: "default", idempotencyKey: "backlog-\(number)"))
                }
                // No poll tick during the drain: every claim counted is one the workers chose to make.
                let queue = Self.worker("drain", server: server, storage: storage, pollInterval: .seconds(600))
                try await queue.start()
                #expect(await queue.waitUntilEmpty())
                await queue.stop()
                #expect(server.appliedIdempotencyKeys.filter { $0.hasPrefix("backlog-") } == (0..<30).map { "backlog-\($0)" })
                let counts = storage.counts
                #expect(counts.settlementsClaimingNext == 30)
                // Each worker's first claim, and one worker woken to fan out that found the only
                // queue held; a claim per mutation would be 30 or more.
                #expect(counts.claims <= 5, "claims: \(counts.claims)")
            }
        }
    }

    @Test(
        "a worker draining one queue over PostgreSQL's batch statements claims each batch with the settlement of the one before: one statement per batch, every key applied once, in order",
        arguments: [1, 8, 64]
    )
    func drainInBatches(batchSize: Int) async throws {
        try await TestPostgres.withStorage { postgres in
            try await ExampleServer.withServer { server in
                let storage = BatchCountingStorage(postgres)
                for number in 0..<30 {
                    _ = try await storage.enqueue(QueuedMutation(Self.addTodo("batch \(number)"), queue: "default", idempotencyKey: "batch-\(number)"))
                }
                _ = try await storage.enqueue(QueuedMutation(Self.addTodo("other"), queue: "other", idempotencyKey: "other-0"))
                let queue = Self.worker("batches", server: server, storage: storage, pollInterval: .seconds(600), claimBatchSize: batchSize)
                try await queue.start()
                #expect(await queue.waitUntilEmpty())
                await queue.stop()
                let applied = server.appliedIdempotencyKeys
                #expect(applied.filter { $0.hasPrefix("batch-") } == (0..<30).map { "batch-\($0)" })
                #expect(applied.filter { $0 == "other-0" }.count == 1)
                #expect(server.requestCount(operationName: "AddTodo") == 31)
                for number in [0, 29] {
                    guard case .delivered(let response)? = try await postgres.outcome(of: "batch-\(number)") else {
                        Issue.record("batch-\(number) has no delivered outcome")
                        continue
                    }
                    #expect(response["data"] != nil)
                }
                // Nobody in this process awaits them: each batch is settled whole, with the next
                // claim, and the other queue's one mutation is a batch of its own.
                let counts = storage.counts
                let batches = (30 + batchSize - 1) / batchSize + 1
                #expect(counts.settlementsClaimingNext == batches, "settlements: \(counts.settlementsClaimingNext)")
                #expect(counts.settlementsAlone == 0)
                #expect(counts.claims <= 6, "claims: \(counts.claims)")
            }
        }
    }

    @Test("a failure worth retrying in the middle of a batch gives back the mutations behind it untried, their attempts uncounted; the queue is delivered later in order, each key once")
    func transientFailureInABatch() async throws {
        try await TestPostgres.withStorage { postgres in
            try await ExampleServer.withServer { server in
                let storage = BatchCountingStorage(postgres)
                for number in 0..<6 {
                    _ = try await storage.enqueue(QueuedMutation(Self.addTodo("retry \(number)"), queue: "default", idempotencyKey: "retry-\(number)"))
                }
                // The first two requests are answered, the third is a 503.
                server.enqueueFaults([.addingHeaders([:]), .addingHeaders([:]), .htmlErrorPage(status: 503)])
                let events = RecordingQueueObserver()
                let queue = Self.worker("retrying", server: server, storage: storage, deliveries: 1, claimBatchSize: 8, observer: events)
                try await queue.start()
                #expect(await queue.waitUntilEmpty())
                await queue.stop()
                #expect(server.appliedIdempotencyKeys.filter { $0.hasPrefix("retry-") } == (0..<6).map { "retry-\($0)" })
                #expect(server.requestCount(operationName: "AddTodo") == 7)
                #expect(server.pendingFaultCount == 0)
                // One worker, one queue: attempts begin in queue order. retry-2 began two; the
                // ones behind it one each, though they were claimed twice: the first claim,
                // given back untried, counts none.
                let started = events.events.filter { $0.kind == .attemptStarted }.map(\.attempts)
                #expect(started == [1, 1, 1, 2, 1, 1, 1])
            }
        }
    }

    @Test("a caller in this process awaiting a mutation of a batch has its answer once it is delivered, while the rest of the batch is still out")
    func awaitedMutationSettlesBeforeItsBatch() async throws {
        try await TestPostgres.withStorage { postgres in
            try await ExampleServer.withServer { server in
                let storage = BatchCountingStorage(postgres)
                for key in ["first", "second", "third"] {
                    _ = try await storage.enqueue(QueuedMutation(Self.addTodo(key), queue: "default", idempotencyKey: key))
                }
                // Nothing is answered until the caller waits; after the first answer, nothing again.
                server.holdMutations()
                let queue = Self.worker("awaited", server: server, storage: storage, deliveries: 1, pollInterval: .seconds(600), observer: HoldAfterFirstAnswer(server: server))
                // A task of its own, not awaited until its answer is known to be there: a test
                // that fails here must not wait for it.
                let outcome = Task { try await queue.outcome(of: "first") }
                // The caller waits once the queue keeps its continuation.
                try await waitUntil(limit: .seconds(120)) { await queue.settlementWaiters["first"] != nil }
                server.releaseMutations()
                // Settled alone, while "second" is held on the server: after the whole batch,
                // its outcome would be recorded only once the server lets "second" go.
                try await waitUntil(limit: .seconds(120)) { try await postgres.outcome(of: "first") != nil }
                #expect(try await postgres.pendingMutations().map(\.idempotencyKey) == ["second", "third"])
                #expect(storage.counts.settlementsAlone == 1)
                server.releaseMutations()
                guard case .delivered = try await outcome.value else {
                    Issue.record("the first mutation was not delivered")
                    return
                }
                #expect(await queue.waitUntilEmpty())
                await queue.stop()
                #expect(server.appliedIdempotencyKeys == ["first", "second", "third"])
                #expect(storage.counts.settlementsClaimingNext == 1)
            }
        }
    }

    @Test("perform through the outbox, one after another: one claim and one settlement per mutation, and no storage read to learn the outcome")
    func performReadsNoOutcome() async throws {
        try await TestPostgres.withStorage { postgres in
            try await ExampleServer.withServer { server in
                let storage = CountingSharedStorage(postgres)
                let queue = Self.worker("in-turn", server: server, storage: storage, pollInterval: .seconds(600))
                for index in 0..<10 {
                    let result = try await queue.perform(mutation: Self.addTodo("in turn \(index)"))
                    #expect(result.data?.addTodo?.todoEdge.node?.fragments.todoRow.text == "in turn \(index)")
                }
                await queue.stop()
                let counts = storage.counts
                #expect(counts.pendingReads == 0)
                #expect(counts.outcomeReads == 0)
                #expect(counts.settlementsClaimingNext == 10)
                // One per mutation by the worker its enqueue woke, and the workers' first claims
                // (which may catch the first mutation and fan out once); three per mutation (30)
                // when the woken worker woke another and the settling worker claimed again.
                #expect(counts.claims < 20, "claims: \(counts.claims)")
            }
        }
    }

    @Test("a caller awaits a mutation it queued through one worker and another worker delivers: the outcome reaches it")
    func outcomeFromAnotherWorker() async throws {
        try await TestPostgres.withStorage { storage in
            try await ExampleServer.withServer { server in
                // The enqueuing process delivers nothing, as a web process that only queues.
                let enqueuing = Self.worker("enqueuing", server: server, storage: storage, deliveries: 0)
                let delivering = Self.worker("delivering", server: server, storage: storage)
                let handle = try await enqueuing.enqueue(Self.addTodo("from afar"), idempotencyKey: "afar")
                #expect(try await enqueuing.pendingMutations().map(\.id) == ["afar"])
                // Stopped, it still learns the outcome that another process records.
                await enqueuing.stop()
                try await delivering.start()
                let result = try await handle.result()
                #expect(result.data?.addTodo?.todoEdge.node?.fragments.todoRow.text == "from afar")
                #expect(server.appliedIdempotencyKeys == ["afar"])
                await delivering.stop()
            }
        }
    }

    @Test("an unsent mutation is cancelled through storage; one a worker claimed is not")
    func cancelOverSharedStorage() async throws {
        try await TestPostgres.withStorage { storage in
            try await ExampleServer.withServer { server in
                let queue = Self.worker("cancelling", server: server, storage: storage, deliveries: 0)
                let handle = try await queue.enqueue(Self.addTodo("never"), idempotencyKey: "never")
                _ = try await queue.enqueue(Self.addTodo("claimed"), queue: "other", idempotencyKey: "claimed")
                #expect(try await storage.claimNext(by: "elsewhere", for: .seconds(60))?.id == "never")
                // "never" is claimed now, so the next claim takes "claimed" from the other queue.
                #expect(try await storage.claimNext(by: "elsewhere", for: .seconds(60))?.id == "claimed")
                #expect(try await handle.cancel() == false)
                #expect(try await storage.cancel("never") == false)
                #expect(server.appliedIdempotencyKeys.isEmpty)
            }
        }
    }

    @Test("a mutation queued in the app's transaction by a process that then dies is delivered by a worker that runs the updater registered for its type")
    func registeredUpdaterInAnotherProcess() async throws {
        try await TestPostgres.withStorage { storage in
            try await ExampleServer.withServer { server in
                // The process that queued it is gone; only the row in PostgreSQL is left.
                _ = try await storage.client.withTransaction(logger: TestPostgres.logger) { connection in
                    try await storage.enqueue(Self.addTodo("registered"), idempotencyKey: "registered-1", on: connection)
                }
                let worker = Self.worker("worker", server: server, storage: storage)
                await worker.register(AddTodoMutation.self, updater: { store, data in
                    try OutboxMarks.mark("delivered", data?.addTodo?.todoEdge.node?.fragments.todoRow.text ?? "no data", in: store)
                })
                try await worker.start()
                #expect(await worker.waitUntilEmpty())
                await worker.stop()
                #expect(try OutboxMarks.mark("delivered", in: worker.client.store) == "registered")
                #expect(server.appliedIdempotencyKeys == ["registered-1"])
            }
        }
    }

    @Test("the optimistic layer of a mutation queued here goes when another process settles it")
    func layerGoesWhenSettledElsewhere() async throws {
        try await TestPostgres.withStorage { storage in
            try await ExampleServer.withServer { server in
                let enqueuing = Self.worker("enqueuing", server: server, storage: storage, deliveries: 0)
                let guess: OptimisticResponse<AddTodoMutation.Data> = [
                    "addTodo": [
                        "todoEdge": ["cursor": "pending", "node": ["id": "pending-1", "text": "guessed", "complete": false]],
                        "user": ["id": "me", "totalCount": 1],
                    ],
                ]
                let handle = try await enqueuing.enqueue(Self.addTodo("guessed"), idempotencyKey: "guessed", optimisticResponse: guess)
                #expect(enqueuing.client.store.optimisticLayerIDs.count == 1)

                let delivering = Self.worker("delivering", server: server, storage: storage)
                try await delivering.start()
                _ = try await handle.result()
                #expect(enqueuing.client.store.optimisticLayerIDs.isEmpty)
                #expect(server.appliedIdempotencyKeys == ["guessed"])
                await delivering.stop()
            }
        }
    }
}
