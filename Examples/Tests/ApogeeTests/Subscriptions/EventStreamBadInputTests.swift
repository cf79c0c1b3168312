@testable import Apogee
import ApogeeExampleServer
import Foundation
import LiveFixtures
import TestSupport
import Testing

/// An event stream that is not one fails the subscription with an ``ApogeeError``, like every
/// other failure the client reports, on every HTTP stack. The line past the limit takes tens of
/// megabytes on both sides, so it runs with the tests that measure memory, one at a time.
extension ResidentMemoryTests {
    @Test(arguments: HTTPStack.all)
    func aLinePastTheLimitFailsTheSubscriptionWithAnApogeeError(stack: HTTPStack) async throws {
        try await withServer { server in
            // One line of 17 MiB, never ended: a server that would make the client hold it all.
            let line = [UInt8](repeating: UInt8(ascii: "x"), count: 17 << 20)
            server.enqueueFault(.rawBody(bytes: Array("data: ".utf8) + line, contentType: "text/event-stream"))
            let http = HTTPNetworkTransport(transport: stack.makeTransport(), eventStreamReconnection: nil)
            let client = ApogeeClient(url: server.liveURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), networkTransport: http)
            let error = await failure(of: client.subscribe(subscription: CounterChangedSubscription(id: "long")))
            guard let failure = error?.subscriptionError, failure.code == .malformedMessage, let excerpt = failure.message else {
                Issue.record("expected ApogeeError.subscription(.malformedMessage), got \(String(describing: error))")
                return
            }
            #expect(excerpt.contains("longer than 16777216 bytes"))
            let description = try #require(error).localizedDescription + "\(try #require(error))"
            #expect(!description.contains("graphql-transport-ws"), "\(description)")
        }
    }
}
