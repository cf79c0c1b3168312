@testable import ApogeeAPI
@testable import Apogee
@testable import ApogeeSQLite
import TestSupport
import Testing

@Suite("Durable mutation queue storage")
struct QueueStorageTests {
    @Test("mutations come back in order, whole, after the file is reopened, with sequences that keep increasing")
    func orderSurvivesReopening() async throws {
        try await TemporaryFolder.with { folder in
            var enqueued: [QueuedMutation] = []
            do {
                let file = try folder.openStoreFile()
                for (index, launch) in ["5", "6", "7"].enumerated() {
                    let result = try file.mutationQueueStorage.enqueue(try QueuedMutations.bookTrip(launch, queue: index == 1 ? "other" : "default"))
                    guard case .enqueued(let mutation) = result else {
                        Issue.record("not enqueued: \(result)")
                        return
                    }
                    enqueued.append(mutation)
                }
                try file.close()
            }
            #expect(enqueued.map(\.sequence) == enqueued.map(\.sequence).sorted())
            #expect(Set(enqueued.map(\.sequence)).count == 3)

            let file = try folder.openStoreFile()
            let storage = file.mutationQueueStorage
            #expect(try storage.pendingMutations() == enqueued)  // every field, the change set included

            // Once the queue is empty, a new mutation still gets a higher sequence.
            for mutation in enqueued {
                try storage.settle(mutation.idempotencyKey, outcome: .delivered(response: ["data": ["ok": true]]))
            }
            #expect(try storage.pendingMutations().isEmpty)
            try file.close()
            let reopened = try folder.openStoreFile()
            guard case .enqueued(let next) = try reopened.mutationQueueStorage.enqueue(try QueuedMutations.bookTrip("8")) else {
                Issue.record("not enqueued")
                return
            }
            #expect(next.sequence > enqueued.map(\.sequence).max()!)
        }
    }

    @Test("enqueueing a key again adds nothing: already queued, or already settled with its outcome")
    func idempotentEnqueue() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile()
            let storage = file.mutationQueueStorage
            let mutation = try QueuedMutations.bookTrip("5", key: "key-1")
            guard case .enqueued(let queued) = try storage.enqueue(mutation) else {
                Issue.record("not enqueued")
                return
            }
            var changed = try QueuedMutations.bookTrip("99", key: "key-1")
            changed.document = "something else"
            #expect(try storage.enqueue(changed) == .alreadyQueued(queued))
            #expect(try storage.pendingMutations().count == 1)

            try storage.settle("key-1", outcome: .failed(reason: "HTTP 400"))
            #expect(try storage.enqueue(mutation) == .alreadySettled(.failed(reason: "HTTP 400")))
            #expect(try storage.pendingMutations().isEmpty)
            try file.close()

            let reopened = try folder.openStoreFile()
            #expect(try reopened.mutationQueueStorage.enqueue(mutation) == .alreadySettled(.failed(reason: "HTTP 400")))
        }
    }

    @Test("attempts are counted durably; only a mutation never attempted can be cancelled")
    func attemptsAndCancel() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                let storage = file.mutationQueueStorage
                _ = try storage.enqueue(try QueuedMutations.bookTrip("1", key: "sent"))
                _ = try storage.enqueue(try QueuedMutations.bookTrip("2", key: "waiting"))
                #expect(try storage.recordAttempt("sent")?.attempts == 1)
                try storage.recordFailure("sent", reason: "connection refused")
                #expect(try storage.recordAttempt("unknown") == nil)
            }
            let file = try folder.openStoreFile()
            let storage = file.mutationQueueStorage
            let sent = try #require(try storage.pendingMutations().first)
            #expect(sent.idempotencyKey == "sent")
            #expect(sent.attempts == 1)
            #expect(sent.lastError == "connection refused")
            #expect(try storage.recordAttempt("sent")?.attempts == 2)

            #expect(try storage.cancel("sent") == false)
            #expect(try storage.outcome(of: "sent") == nil)
            #expect(try storage.cancel("waiting") == true)
            #expect(try storage.outcome(of: "waiting") == .cancelled)
            #expect(try storage.cancel("waiting") == false)
            #expect(try storage.cancel("unknown") == false)
            #expect(try storage.pendingMutations().map(\.idempotencyKey) == ["sent"])
        }
    }

    @Test("settling removes the mutation and keeps its outcome, across reopening")
    func settleKeepsOutcome() async throws {
        try await TemporaryFolder.with { folder in
            let response: JSONObject = ["data": ["bookTrips": ["success": true]], "errors": [["message": "partly"]]]
            try folder.withStoreFile { file in
                let storage = file.mutationQueueStorage
                _ = try storage.enqueue(try QueuedMutations.bookTrip("1", key: "a"))
                _ = try storage.enqueue(try QueuedMutations.bookTrip("2", key: "b"))
                try storage.settle("a", outcome: .delivered(response: response))
                #expect(try storage.pendingMutations().map(\.idempotencyKey) == ["b"])
            }
            let file = try folder.openStoreFile()
            #expect(try file.mutationQueueStorage.outcome(of: "a") == .delivered(response: response))
            #expect(try file.mutationQueueStorage.outcome(of: "b") == nil)
        }
    }

    @Test("settling one mutation can count an attempt at the next in the same step, durably")
    func settleAndCountNext() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                let storage = file.mutationQueueStorage
                for key in ["a", "b", "c"] { _ = try storage.enqueue(try QueuedMutations.bookTrip("1", key: key)) }
                #expect(try storage.settle("a", outcome: .delivered(response: ["data": ["ok": true]]), recordingAttemptAt: "b") == 1)
                #expect(try storage.pendingMutations().map(\.attempts) == [1, 0])
                // A key no longer queued is not counted, and the settlement still holds.
                #expect(try storage.settle("b", outcome: .cancelled, recordingAttemptAt: "gone") == nil)
            }
            let file = try folder.openStoreFile()
            let storage = file.mutationQueueStorage
            #expect(try storage.outcome(of: "a") == .delivered(response: ["data": ["ok": true]]))
            #expect(try storage.outcome(of: "b") == .cancelled)
            #expect(try storage.pendingMutations().map(\.idempotencyKey) == ["c"])
            #expect(try storage.pendingMutations().first?.attempts == 0)
            #expect(try storage.settle("c", outcome: .cancelled, recordingAttemptAt: "c") == nil)
            #expect(try storage.pendingMutations().isEmpty)
        }
    }

    @Test("the newest thousand outcomes are kept; older ones are forgotten a hundred at a time")
    func outcomesPruned() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.openStoreFile()
            let storage = file.mutationQueueStorage
            // key-n is the (n + 1)th outcome recorded.
            for index in 0..<1_199 {
                try storage.settle("key-\(index)", outcome: .cancelled)
            }
            // The 1,100th forgot the first hundred; none since.
            #expect(try file.integer("SELECT count(*) FROM mutation_outcomes") == 1_099)
            #expect(try storage.outcome(of: "key-99") == nil)
            #expect(try storage.outcome(of: "key-100") == .cancelled)
            try storage.settle("key-1199", outcome: .cancelled)
            #expect(try file.integer("SELECT count(*) FROM mutation_outcomes") == 1_000)
            #expect(try storage.outcome(of: "key-199") == nil)
            #expect(try storage.outcome(of: "key-200") == .cancelled)
            #expect(try storage.outcome(of: "key-1199") == .cancelled)
        }
    }
}
