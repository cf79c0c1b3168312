@testable import ApogeeAPI
@testable import Apogee
import ApogeeAsyncHTTPClient
import ApogeeExampleServer
import ClientFixtures
import RocketReserverAPI
import Foundation
import TestSupport
import Testing

#if canImport(AsyncHTTPClient)
import AsyncHTTPClient
#endif

/// A client made for a scope is shut down however the scope ends, over real HTTP on each
/// stack: its transport's connections are released, and a request sent after fails at once
/// with a transport error.
@Suite("Client shutdown", .timeLimit(.minutes(10)))
struct ClientShutdownTests {
    /// How the body of `withApogeeClient` ends.
    enum Ending: String, CaseIterable, Sendable {
        case returns, throwsAnError, isCancelled
    }

    private struct BodyFailure: Error {}

    @Test("withApogeeClient shuts the transport down when the body returns, throws or is cancelled", arguments: HTTPStack.all, Ending.allCases)
    func scopeShutsDown(stack: HTTPStack, ending: Ending) async throws {
        try await withServer { server in
            let transport = ShutdownRecordingTransport(base: stack.makeTransport())
            let started = Recorder<Void>()
            let url = server.rocketReserverURL
            let scope = Task {
                try await withApogeeClient(url: url, transport: transport) { client in
                    let result = try await client.fetch(query: LaunchSiteQuery(id: "1"))
                    #expect(result.data?.launch?.site == "Kwajalein Atoll")
                    started.append(())
                    switch ending {
                    case .returns: return
                    case .throwsAnError: throw BodyFailure()
                    // Only the cancellation ends this wait.
                    case .isCancelled: try await Task.sleep(for: .seconds(600))
                    }
                }
            }
            await started.wait { !$0.isEmpty }
            if ending == .isCancelled { scope.cancel() }
            let outcome = await scope.result
            switch ending {
            case .returns: #expect(throws: Never.self) { try outcome.get() }
            case .throwsAnError: #expect(throws: BodyFailure.self) { try outcome.get() }
            case .isCancelled: #expect(throws: CancellationError.self) { try outcome.get() }
            }
            #expect(transport.shutdownCount == 1)
        }
    }

    @Test("A request after shutdown fails with a transport error", arguments: HTTPStack.all)
    func requestAfterShutdown(stack: HTTPStack) async throws {
        try await withServer { server in
            let client = server.client(stack)
            _ = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            try await client.shutdown()
            // Past the cache, which still holds the answer: the request itself must fail.
            let error = await #expect(throws: ApogeeError.self) {
                try await client.fetch(query: LaunchSiteQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
            }
            #expect(error?.transportError != nil, "expected a transport error, got \(String(describing: error))")
        }
    }

    @Test("Shutting a client down ends the subscriptions on its WebSocket, completes each on the server, and closes the socket")
    func shutdownClosesTheWebSocket() async throws {
        try await withServer { server in
            let subscriber = server.subscriptionClient(endpoint: server.rocketReserverURL, over: .webSocket)
            let webSocket = try #require(subscriber.webSocket)
            let events = subscriber.client.subscribe(subscription: TripsBookedSubscription())
            let ended = Task { await failure(of: events) }
            await server.waitForSubscriptions(1)
            try await subscriber.client.shutdown()
            let error = await ended.value
            #expect(error is CancellationError, "expected the subscription to end, got \(String(describing: error))")
            #expect(await webSocket.connectionState == .idle)
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .socketClosed = $0 { true } else { false } }
            }
            // The server heard the subscription end before the socket closed: it records that
            // once the subscription's source has stopped, which may come after the close.
            try await waitUntil { server.idsCompletedByClient.count == 1 }
        }
    }

    #if canImport(AsyncHTTPClient)
    @Test("A client on HTTPClient.shared leaves the shared client running")
    func sharedHTTPClientKeepsRunning() async throws {
        try await withServer { server in
            let transport = AsyncHTTPClientTransport(client: .shared)
            try await withApogeeClient(url: server.rocketReserverURL, transport: transport) { client in
                _ = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            }
            let later = ApogeeClient(url: server.rocketReserverURL, transport: AsyncHTTPClientTransport(client: .shared))
            let result = try await later.fetch(query: LaunchSiteQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
            #expect(result.data?.launch?.site == "Kwajalein Atoll")
        }
    }
    #endif
}

/// A real transport that counts the calls to `shutdown()` before passing them on.
private final class ShutdownRecordingTransport: HTTPTransport {
    let base: any HTTPTransport
    private let shutdowns = Recorder<Void>()

    init(base: any HTTPTransport) {
        self.base = base
    }

    var shutdownCount: Int { shutdowns.values.count }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        try await base.send(request)
    }

    func stream(_ request: HTTPTransportRequest) async throws -> HTTPStreamingResponse {
        try await base.stream(request)
    }

    func shutdown() async throws {
        shutdowns.append(())
        try await base.shutdown()
    }
}
