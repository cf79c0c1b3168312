@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeTesting
import ClientFixtures
import TestSupport
import Testing

@Suite("Retry with backoff")
struct RetryTests {
    private func client(_ server: ExampleServer, _ stack: HTTPStack, policy: RetryPolicy, sleeper: RecordingSleeper) -> ApogeeClient {
        server.client(stack, provider: DefaultInterceptorProvider(retry: RetryInterceptor(policy: policy, sleeper: sleeper)))
    }

    @Test("Retries stop at the maximum, with exponentially growing delays", arguments: HTTPStack.all)
    func boundedByMaximum(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFaults(Array(repeating: .htmlErrorPage(status: 503), count: 5))
            let sleeper = RecordingSleeper()
            let policy = RetryPolicy(maximumAttempts: 4, initialDelay: .milliseconds(100), multiplier: 2, jitter: 0)
            let error = await client(server, stack, policy: policy, sleeper: sleeper).expectLaunchSiteFailure()
            guard let failure = error, failure.code == .httpStatus, let response = failure.httpResponse else {
                Issue.record("expected the last HTTP error, got \(String(describing: error))")
                return
            }
            #expect(response.status.code == 503)
            #expect(server.requestCount == 4)
            #expect(sleeper.requestedDelays == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
        }
    }

    @Test("Delays never exceed the maximum delay", arguments: HTTPStack.all)
    func maximumDelay(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFaults(Array(repeating: .htmlErrorPage(status: 500), count: 4))
            let sleeper = RecordingSleeper()
            let policy = RetryPolicy(maximumAttempts: 5, initialDelay: .seconds(1), multiplier: 3, maximumDelay: .seconds(5), jitter: 0)
            let result = try await client(server, stack, policy: policy, sleeper: sleeper).fetch(query: LaunchSiteQuery(id: "3"))
            #expect(result.data?.launch?.id == "3")
            #expect(sleeper.requestedDelays == [.seconds(1), .seconds(3), .seconds(5), .seconds(5)])
        }
    }

    @Test("Jitter shortens each delay by at most its fraction", arguments: HTTPStack.all)
    func jitter(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFaults(Array(repeating: .htmlErrorPage(status: 500), count: 2))
            let sleeper = RecordingSleeper()
            let policy = RetryPolicy(maximumAttempts: 3, initialDelay: .seconds(1), multiplier: 2, jitter: 0.5)
            _ = try await client(server, stack, policy: policy, sleeper: sleeper).fetch(query: LaunchSiteQuery(id: "1"))
            let delays = sleeper.requestedDelays
            #expect(delays.count == 2)
            #expect(delays.indices.allSatisfy { index in
                let backoff = policy.backoff(beforeRetry: index + 1)
                return delays[index] <= backoff && delays[index] >= backoff * 0.5
            })
        }
    }

    @Test("A transport failure is retried, and the retry succeeds", arguments: HTTPStack.all)
    func transportFailureRetried(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.closeMidResponse())
            let sleeper = RecordingSleeper()
            let result = try await client(server, stack, policy: RetryPolicy(jitter: 0), sleeper: sleeper).fetch(query: LaunchSiteQuery(id: "5"))
            #expect(result.data?.launch?.id == "5")
            #expect(server.requestCount == 2)
            #expect(sleeper.requestedDelays == [.milliseconds(200)])
        }
    }

    @Test("429 waits as long as Retry-After asks", arguments: HTTPStack.all)
    func retryAfter(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.retryAfter(seconds: 7, status: 429))
            let sleeper = RecordingSleeper()
            let policy = RetryPolicy(maximumDelay: .seconds(30), jitter: 0)
            let result = try await client(server, stack, policy: policy, sleeper: sleeper).fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.id == "1")
            #expect(sleeper.requestedDelays == [.seconds(7)])
        }
    }

    @Test("A Retry-After longer than the maximum delay ends the retries", arguments: HTTPStack.all)
    func retryAfterTooLong(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.retryAfter(seconds: 120, status: 429))
            let sleeper = RecordingSleeper()
            let error = await client(server, stack, policy: RetryPolicy(maximumDelay: .seconds(10)), sleeper: sleeper).expectLaunchSiteFailure()
            guard let failure = error, failure.code == .httpStatus, let response = failure.httpResponse else {
                Issue.record("expected the 429, got \(String(describing: error))")
                return
            }
            #expect(response.status == .tooManyRequests)
            #expect(server.requestCount == 1)
            #expect(sleeper.requestedDelays.isEmpty)
        }
    }

    @Test("A 4xx other than 429 and GraphQL errors are not retried", arguments: HTTPStack.all)
    func notRetried(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.httpStatus(404, body: "not found"))
            let sleeper = RecordingSleeper()
            let client = client(server, stack, policy: RetryPolicy(), sleeper: sleeper)
            await #expect(throws: ApogeeError.self) {
                try await client.fetch(query: LaunchSiteQuery(id: "1"))
            }
            let result = try await client.perform(mutation: BookLaunchesMutation(ids: ["1"]))
            #expect(result.errors?.isEmpty == false)
            #expect(server.requestCount == 2)
            #expect(sleeper.requestedDelays.isEmpty)
        }
    }

    @Test("Mutations are not retried unless the policy opts in", arguments: HTTPStack.all)
    func mutationsOptIn(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.htmlErrorPage(status: 503))
            let sleeper = RecordingSleeper()
            await #expect(throws: ApogeeError.self) {
                try await client(server, stack, policy: RetryPolicy(jitter: 0), sleeper: sleeper).perform(mutation: SignInMutation(email: "once@example.com"))
            }
            #expect(server.requestCount == 1)

            server.enqueueFault(.htmlErrorPage(status: 503))
            let optedIn = RetryPolicy(jitter: 0, retriesMutations: true)
            let result = try await client(server, stack, policy: optedIn, sleeper: sleeper).perform(mutation: SignInMutation(email: "twice@example.com"))
            #expect(result.data?.login?.token != nil)
            #expect(server.requestCount == 3)
            #expect(sleeper.requestedDelays == [.milliseconds(200)])
        }
    }
}
