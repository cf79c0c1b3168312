@testable import Apogee
import ApogeeExampleServer
import ApogeeTesting
import ClientFixtures
import Logging
import TestSupport
import Testing

/// A server that sends a byte now and then is never idle long enough for the idle timeout;
/// the whole-request deadline, retries included, ends the wait on both HTTP stacks.
@Suite("Whole-request deadline", .timeLimit(.minutes(10)))
struct RequestDeadlineTests {
    @Test("a slow drip past the deadline fails with deadlineExceeded, retries included, and stores nothing", arguments: HTTPStack.all)
    func slowDripHitsTheDeadline(stack: HTTPStack) async throws {
        try await withServer { server in
            // Each answer would take minutes, one byte every 50 ms after 3,000 bytes of leading
            // whitespace; the idle timeout of 30 seconds never fires however slow the machine,
            // and the retry interceptor would try three times. Only the deadline ends the wait.
            let body = String(repeating: " ", count: 3_000) + #"{"data":{"launch":{"__typename":"Launch","id":"1","site":"KSC LC 39A"}}}"#
            server.enqueueFaults(Array(repeating: .drip(every: .milliseconds(50), body: body), count: 3))
            let client = server.client(
                stack, provider: DefaultInterceptorProvider(),
                configuration: .init(timeout: .seconds(30), requestDeadline: .seconds(2)))
            let error = await client.expectLaunchSiteFailure()
            guard let failure = error, failure.code == .deadlineExceeded, let deadline = failure.deadline else {
                Issue.record("expected deadlineExceeded, got \(String(describing: error))")
                return
            }
            #expect(deadline == .seconds(2))
            let records = try client.store.recordCount()
            #expect(records == 0)
        }
    }

    @Test("a request that answers in time is not touched by the deadline", arguments: HTTPStack.all)
    func answerWithinTheDeadline(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.drip(every: .milliseconds(1)))
            // Far beyond how long the drip takes on any machine, the request's own timeout too (a
            // drip of a byte a millisecond has passed the default minute under the thread
            // sanitizer): the deadline is only armed.
            let client = server.client(stack, configuration: .init(timeout: .seconds(600), requestDeadline: .seconds(600)))
            let result = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.site == "KSC LC 39A")
        }
    }

    @Test("a retry's backoff that would outlast the deadline ends at it with deadlineExceeded, and nothing is sent again", arguments: HTTPStack.all)
    func backoffPastTheDeadline(stack: HTTPStack) async throws {
        try await withServer { server in
            // The server asks for ten minutes before the next attempt; the deadline is 30 s away,
            // long enough for the first attempt to reach the server under a sanitizer's load.
            server.enqueueFault(.retryAfter(seconds: 600, status: 429))
            let retry = RetryInterceptor(policy: RetryPolicy(maximumDelay: .seconds(900), jitter: 0))
            let client = server.client(
                stack, provider: DefaultInterceptorProvider(retry: retry),
                configuration: .init(timeout: .seconds(600), requestDeadline: .seconds(30)))
            let error = await client.expectLaunchSiteFailure()
            guard let failure = error, failure.code == .deadlineExceeded else {
                Issue.record("expected deadlineExceeded, got \(String(describing: error))")
                return
            }
            #expect(failure.deadline == .seconds(30))
            #expect(server.requestCount == 1)
        }
    }

    @Test(
        "a chain that keeps the deadline itself asks the backoff for no more than the deadline leaves, then fails with deadlineExceeded",
        .enabled(if: HTTPStack.all.contains(.asyncHTTPClient), "AsyncHTTPClient's transport is the one that keeps a deadline, and it runs where SwiftNIO does")
    )
    func keptDeadlineBoundsTheBackoff() async throws {
        try await withServer { server in
            // The server asks for ten minutes before the next attempt, past the deadline five
            // minutes away (far beyond the first attempt, even under a sanitizer's load).
            server.enqueueFault(.retryAfter(seconds: 600, status: 429))
            // Returns at once: what the backoff asked for is the whole evidence, with no wait.
            let sleeper = RecordingSleeper()
            let retry = RetryInterceptor(policy: RetryPolicy(maximumDelay: .seconds(900), jitter: 0), sleeper: sleeper)
            let client = server.client(
                .asyncHTTPClient, provider: DefaultInterceptorProvider(retry: retry),
                configuration: .init(timeout: .seconds(600), requestDeadline: .seconds(300)))
            #expect(client.chainKeepsRequestDeadline(for: LaunchSiteQuery(id: "1")))
            let error = await client.expectLaunchSiteFailure()
            #expect(error?.code == .deadlineExceeded)
            let delays = sleeper.requestedDelays
            #expect(delays.count == 1)
            #expect(delays.allSatisfy { $0 <= .seconds(300) }, "the backoff asked for \(delays)")
            #expect(server.requestCount == 1)
        }
    }

    @Test("the standard chain over AsyncHTTPClient keeps the deadline itself and runs in the calling task; a chain with a step that cannot keep it runs in a task the deadline cancels")
    func whoKeepsTheDeadline() async throws {
        try await withServer { server in
            let query = LaunchSiteQuery(id: "1")
            #expect(server.client(.asyncHTTPClient, provider: DefaultInterceptorProvider()).chainKeepsRequestDeadline(for: query) == HTTPStack.all.contains(.asyncHTTPClient))
            let persisted = DefaultInterceptorProvider(persistedQueries: AutomaticPersistedQueryInterceptor(), logger: Logger(label: "deadline-test"))
            #expect(server.client(.asyncHTTPClient, provider: persisted).chainKeepsRequestDeadline(for: query) == HTTPStack.all.contains(.asyncHTTPClient))
            // A token store is the app's code, which may wait on anything: a task bounds it.
            let authorized = DefaultInterceptorProvider(authorization: AuthorizationInterceptor(scheme: nil) { "token" })
            #expect(!server.client(.asyncHTTPClient, provider: authorized).chainKeepsRequestDeadline(for: query))
            let custom = FixedInterceptorProvider([ClosureInterceptor { _, _, _ in }])
            #expect(!server.client(.asyncHTTPClient, provider: custom).chainKeepsRequestDeadline(for: query))
            // URLSession's tasks end at the idle timeout, not at a deadline.
            #expect(!server.client(.urlSession, provider: DefaultInterceptorProvider()).chainKeepsRequestDeadline(for: query))
        }
    }
}
