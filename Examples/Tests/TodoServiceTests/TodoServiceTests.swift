import Apogee
import ApogeeExampleServer
import Foundation
import Logging
import TestSupport
import Testing
@testable import TodoService

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The example of Apogee inside a server, over real HTTP on both sides: a request to the
/// service queues a mutation that reaches the upstream example server, and the group shuts
/// down with nothing left queued.
@Suite("An HTTP service with Apogee inside", .timeLimit(.minutes(5)))
struct TodoServiceTests {
    @Test("POST /todos is accepted at once and delivered upstream; GET /todos shows it; shutdown leaves the queue empty")
    func acceptsDeliversAndShowsATodo() async throws {
        let folder = try TemporaryFolder()
        try await ExampleServer.withServer { upstream in
            let service = try TodoService(
                upstream: upstream.todoURL,
                storePath: folder.url.appendingPathComponent("service.sqlite").path,
                logger: Logger(label: "TodoServiceTests")
            )
            let (ports, announce) = AsyncStream.makeStream(of: Int.self)
            let group = service.serviceGroup(port: 0, gracefulShutdownSignals: []) { port in announce.yield(port) }
            let running = Task { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))

            var post = URLRequest(url: base.appendingPathComponent("todos"))
            post.httpMethod = "POST"
            post.httpBody = Data("Write the service example".utf8)
            let (id, accepted) = try await URLSession.shared.data(for: post)
            #expect((accepted as? HTTPURLResponse)?.statusCode == 202)
            #expect(!id.isEmpty)

            #expect(await service.queue.waitUntilEmpty())
            #expect(upstream.appliedIdempotencyKeys == [String(decoding: id, as: UTF8.self)])
            let (list, listed) = try await URLSession.shared.data(from: base.appendingPathComponent("todos"))
            #expect((listed as? HTTPURLResponse)?.statusCode == 200)
            #expect(try JSONDecoder().decode([String].self, from: list).contains("Write the service example"))

            await group.triggerGracefulShutdown()
            try await running.value
            #expect(try service.persistence.mutationQueueStorage.pendingMutations().isEmpty)
            try service.persistence.close()
        }
    }
}
