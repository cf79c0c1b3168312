@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import TestSupport
import Testing

@Suite("Cancellation")
struct CancellationTests {
    @Test("Cancelling the task cancels the request in flight", arguments: HTTPStack.all)
    func cancelTask(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.delay(.seconds(30)))
            let client = server.client(stack)
            let task = Task { try await client.fetch(query: LaunchSiteQuery(id: "1")) }
            try await server.waitForRequests(1)
            task.cancel()
            await #expect(throws: CancellationError.self) {
                try await task.value
            }
        }
    }

    @Test("A task cancelled before it starts sends nothing", arguments: HTTPStack.all)
    func cancelledBeforeStart(stack: HTTPStack) async throws {
        try await withServer { server in
            let client = server.client(stack)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.fetch(query: LaunchSiteQuery(id: "1"))
            }
            await #expect(throws: CancellationError.self) {
                try await task.value
            }
            #expect(server.requestCount == 0)
        }
    }

    @Test("Cancelling a retry's backoff stops the retries", arguments: HTTPStack.all)
    func cancelDuringBackoff(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFaults(Array(repeating: .htmlErrorPage(status: 503), count: 3))
            let policy = RetryPolicy(maximumAttempts: 3, initialDelay: .seconds(60), jitter: 0)
            let client = server.client(stack, provider: DefaultInterceptorProvider(retry: RetryInterceptor(policy: policy)))
            let task = Task { try await client.fetch(query: LaunchSiteQuery(id: "1")) }
            try await server.waitForRequests(1)
            task.cancel()
            await #expect(throws: CancellationError.self) {
                try await task.value
            }
            #expect(server.requestCount == 1)
        }
    }

    @Test("cancel() on a completion-handler call cancels it and reports CancellationError", arguments: HTTPStack.all)
    func cancellable(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.delay(.seconds(30)))
            let client = server.client(stack)
            let outcome: Result<GraphQLResult<LaunchSiteQuery.Data>, any Error> = try await withCheckedThrowingContinuation { continuation in
                let cancellable = client.fetch(query: LaunchSiteQuery(id: "1")) { result in
                    continuation.resume(returning: result)
                }
                Task {
                    do {
                        try await server.waitForRequests(1)
                        cancellable.cancel()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
            #expect(throws: CancellationError.self) { try outcome.get() }
        }
    }
}
