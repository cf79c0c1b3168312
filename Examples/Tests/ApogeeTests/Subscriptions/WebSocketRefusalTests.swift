@testable import Apogee
import ApogeeExampleServer
import Foundation
import LiveFixtures
import RocketReserverAPI
import TestSupport
import Testing

/// A server that refuses the client fails every subscription with a typed error, once: no
/// reconnect loop.
@Suite struct WebSocketRefusalTests {
    @Test func aMissingTokenIsUnauthorized() async throws {
        let server = try await ExampleServer.start(configuration: .init(requiresWebSocketAuthentication: true))
        let live = server.subscriptionClient(endpoint: server.rocketReserverURL, over: .webSocket)
        let webSocket = try #require(live.webSocket)
        let error = await failure(of: live.client.subscribe(subscription: TripsBookedSubscription()))
        let refusal = try #require(error?.subscriptionError)
        guard refusal.code == .closed, let code = refusal.closeCode else {
            Issue.record("expected a close, got \(refusal)")
            return
        }
        #expect(code == 4401)
        #expect(await webSocket.connectionState == .closed(refusal))
        #expect(server.openedSocketCount == 1)
        await server.shutdown()
    }

    @Test func aBadTokenIsForbidden() async throws {
        try await withServer { server in
            let tokens = InMemoryTokenStore(token: "not-a-session-token")
            let live = server.subscriptionClient(
                endpoint: server.rocketReserverURL,
                over: .webSocket,
                webSocket: .forTests(connectionPayload: .token(from: tokens, scheme: nil))
            )
            let error = await failure(of: live.client.subscribe(subscription: TripsBookedSubscription()))
            guard let failure = error?.subscriptionError, failure.code == .closed, let code = failure.closeCode else {
                Issue.record("expected a close, got \(String(describing: error))")
                return
            }
            #expect(code == 4403)
            #expect(server.openedSocketCount == 1)
        }
    }

    @Test func aValidTokenIsAccepted() async throws {
        try await withServer { server in
            let tokens = InMemoryTokenStore()
            let http = server.client(provider: NetworkInterceptorProvider(tokens: tokens))
            let login = try await http.perform(mutation: LoginMutation(email: "socket@example.com"))
            await tokens.setToken(login.data?.login?.token)
            let live = server.subscriptionClient(
                endpoint: server.rocketReserverURL,
                over: .webSocket,
                webSocket: .forTests(connectionPayload: .token(from: tokens, scheme: nil))
            )
            let webSocket = try #require(live.webSocket)
            let events = live.client.subscribe(subscription: TripsBookedSubscription())
            let reading = Task { try await firstResults(1, of: events) }
            await server.waitForSubscriptions(1)
            #expect(await webSocket.connectionState == .connected)
            _ = try await http.perform(mutation: BookTripMutation(id: "12"))
            let values = try await reading.value.map(\.data?.tripsBooked)
            #expect(values == [1])
        }
    }

    @Test(arguments: [UInt16(4400), 4401, 4403, 4406, 4409, 4429, 4500])
    func fatalCloseCodesReachTheCallerOnce(code: UInt16) async throws {
        try await withServer { server in
            let live = server.liveClient(over: .webSocket)
            let webSocket = try #require(live.webSocket)
            let first = live.client.subscribe(subscription: CounterChangedSubscription(id: "f1"))
            let second = live.client.subscribe(subscription: CounterChangedSubscription(id: "f2"))
            async let firstError = failure(of: first)
            async let secondError = failure(of: second)
            await server.waitForSubscriptions(2)
            await server.closeWebSockets(code: code, reason: "refused")
            for error in await [firstError, secondError] {
                #expect(error?.subscriptionError == .closed(code: code, reason: "refused"))
            }
            #expect(await webSocket.connectionState == .closed(.closed(code: code, reason: "refused")))
            #expect(server.openedSocketCount == 1)
        }
    }

    @Test func aPathWithoutAnEndpointRefusesTheUpgrade() async throws {
        try await withServer { server in
            let missing = server.baseURL.appendingPathComponent("nowhere").webSocketURL
            let webSocket = GraphQLWebSocketTransport(url: missing, configuration: .forTests(), stack: .platform)
            let client = ApogeeClient(url: server.liveURL, subscriptionTransport: webSocket)
            let error = await failure(of: client.subscribe(subscription: CountdownSubscription(from: 1)))
            guard error?.subscriptionError?.code == .upgradeFailed else {
                Issue.record("expected a refused upgrade, got \(String(describing: error))")
                return
            }
        }
    }

    #if canImport(FoundationNetworking)
    /// FoundationNetworking cannot open WebSockets: on Linux the default stack fails the
    /// subscription at once, naming the stack that can, and never reaches the server or
    /// retries, as it would for a connection error.
    @Test func theDefaultStackOnLinuxNamesTheNIOStack() async throws {
        try await withServer { server in
            let webSocket = GraphQLWebSocketTransport(url: server.liveURL.webSocketURL, configuration: .forTests())
            #expect(webSocket.stack.name == WebSocketStack.urlSession.name)
            let client = ApogeeClient(url: server.liveURL, subscriptionTransport: webSocket)
            let error = await failure(of: client.subscribe(subscription: CountdownSubscription(from: 1)))
            #expect(error?.subscriptionError?.code == .upgradeFailed)
            #expect(error?.subscriptionError?.message?.contains("stack: .nio") == true)
            #expect(server.openedSocketCount == 0)
        }
    }
    #endif

    @Test func nothingListeningIsRetriedThenReported() async throws {
        let down = try ReservedPort()
        let url = try #require(URL(string: "ws://127.0.0.1:\(down.port)/live/graphql"))
        let webSocket = GraphQLWebSocketTransport(url: url, configuration: .forTests(maximumAttempts: 3), stack: .platform)
        let client = ApogeeClient(url: url, subscriptionTransport: webSocket)
        let error = await failure(of: client.subscribe(subscription: CountdownSubscription(from: 1)))
        guard let failure = error?.subscriptionError, failure.code == .reconnectAttemptsExhausted, let attempts = failure.attempts else {
            Issue.record("expected the attempts to run out, got \(String(describing: error))")
            return
        }
        #expect(attempts == 3)
        _ = down
    }
}
