@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import Foundation
import LiveFixtures
import TestSupport
import Testing

/// Each limit on what a server may send: at the limit the client gives a typed error that
/// names it, and writes nothing of the response into the store.
@Suite("Limits that hold under abuse")
struct ResourceLimitTests {
    /// A LaunchSite response of about `size` bytes: valid, its bulk in an extension.
    static func paddedResponse(size: Int) -> String {
        #"{"data":{"launch":{"__typename":"Launch","id":"1","site":"KSC"}},"extensions":{"padding":""#
            + String(repeating: "x", count: size) + #""}}"#
    }

    @Test("A body past maximumResponseSize is a transport error naming the limit, and nothing is stored", arguments: HTTPStack.all)
    func responseTooLarge(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(Self.paddedResponse(size: 200_000)))
            let client = ApogeeClient(url: server.rocketReserverURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: stack.makeTransport(maximumResponseSize: 64 * 1024))
            let failure = try await client.expectLaunchSiteTransportFailure()
            #expect(failure.kind == .responseTooLarge)
            #expect(failure.message.contains("65536"), "\(failure)")
            try client.expectNothingStored()
        }
    }

    @Test("A body within maximumResponseSize is read and stored", arguments: HTTPStack.all)
    func responseWithinTheLimit(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.rawBody(Self.paddedResponse(size: 60_000)))
            let client = ApogeeClient(url: server.rocketReserverURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: stack.makeTransport(maximumResponseSize: 64 * 1024))
            let result = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.site == "KSC")
            let stored = try client.store.recordCount()
            #expect(stored > 0)
        }
    }

    @Test("JSON nested past JSONValue.maximumParsingDepth is an invalid response naming the limit", arguments: HTTPStack.all)
    func jsonTooDeep(stack: HTTPStack) async throws {
        try await withServer { server in
            let depth = JSONValue.maximumParsingDepth + 10
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            server.enqueueFault(.rawBody(#"{"data":{"launch":{"__typename":"Launch","id":"1","site":"KSC"}},"extensions":{"deep":"# + deep + "}}"))
            let client = server.client(stack)
            let error = await client.expectLaunchSiteFailure()
            guard let failure = error, let parsingError = failure.invalidResponseReason?.parsingError else {
                Issue.record("expected malformed JSON, got \(String(describing: error))")
                return
            }
            #expect(parsingError.message.contains("\(JSONValue.maximumParsingDepth)"), "\(parsingError)")
            try client.expectNothingStored()
        }
    }

    @Test("A WebSocket message past maximumMessageSize fails the subscriptions with the limit, and nothing is stored")
    func webSocketMessageTooLarge() async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket, webSocket: .forTests(maximumMessageSize: 4096))
            async let error = failure(of: live.client.subscribe(subscription: CounterChangedSubscription(id: "big")))
            await server.waitForSubscriptions(1)
            // Past the limit, within twice it (where SwiftNIO drops the connection unread).
            let payload = String(repeating: "x", count: 6_000)
            await server.sendRawMessage(#"{"type":"next","id":"1","payload":{"data":{"counterChanged":{"__typename":"Counter","id":"big","value":1}},"extensions":{"padding":""# + payload + #""}}}"#)
            guard let failure = await error?.subscriptionError, failure.code == .messageTooLarge, let limit = failure.limit else {
                Issue.record("expected messageTooLarge, got \(String(describing: await error))")
                return
            }
            #expect(limit == 4096)
            try live.client.expectNothingStored()
        }
    }

    @Test("A subscription past maximumSubscriptions is refused unsent, and the others keep running")
    func tooManySubscriptions() async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket, webSocket: .forTests(maximumSubscriptions: 2))
            let first = Task { try await firstResults(1, of: live.client.subscribe(subscription: CounterChangedSubscription(id: "a"))) }
            let second = Task { try await firstResults(1, of: live.client.subscribe(subscription: CounterChangedSubscription(id: "b"))) }
            await server.waitForSubscriptions(2)
            let refused = await failure(of: live.client.subscribe(subscription: CounterChangedSubscription(id: "c")))
            guard let failure = refused?.subscriptionError, failure.code == .tooManySubscriptions, let limit = failure.limit else {
                Issue.record("expected tooManySubscriptions, got \(String(describing: refused))")
                return
            }
            #expect(limit == 2)
            await server.incrementCounter("a")
            await server.incrementCounter("b")
            let firstValues = try await first.value.map(\.data?.counterChanged.value)
            let secondValues = try await second.value.map(\.data?.counterChanged.value)
            #expect(firstValues == [1])
            #expect(secondValues == [1])
            #expect(server.subscriptionsStarted == 2)
        }
    }
}
