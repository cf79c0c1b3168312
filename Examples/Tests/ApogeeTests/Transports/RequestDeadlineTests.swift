@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
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
}
