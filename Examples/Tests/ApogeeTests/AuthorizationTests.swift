@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import Foundation
import TestSupport
import Testing

@Suite("The authorization interceptor")
struct AuthorizationTests {
    /// The example server takes the raw token, as the tutorial's server does: no scheme.
    private func provider(_ tokens: InMemoryTokenStore, scheme: String? = nil) -> DefaultInterceptorProvider {
        DefaultInterceptorProvider(retry: nil, authorization: AuthorizationInterceptor(scheme: scheme, tokenStore: tokens))
    }

    @Test("The token from the store goes to the endpoint as it is, when the scheme is nil", arguments: HTTPStack.all)
    func sendsToken(stack: HTTPStack) async throws {
        try await withServer { server in
            let tokens = InMemoryTokenStore()
            let client = server.client(stack, provider: provider(tokens))

            let login = try await client.perform(mutation: SignInMutation(email: "raw@example.com"))
            #expect(server.recordedRequests[0].header("Authorization") == nil)
            let token = try #require(login.data?.login?.token)
            await tokens.setToken(token)

            let result = try await client.fetch(query: LaunchAndMeQuery(id: "1"))
            #expect(result.errors == nil)
            #expect(result.data?.me?.email == "raw@example.com")
            #expect(server.recordedRequests[1].header("Authorization") == token)
        }
    }

    @Test("By default the token goes as a bearer token, which the tutorial's server refuses", arguments: HTTPStack.all)
    func bearerByDefault(stack: HTTPStack) async throws {
        try await withServer { server in
            let tokens = InMemoryTokenStore()
            let client = server.client(stack, provider: DefaultInterceptorProvider(retry: nil, authorization: AuthorizationInterceptor(tokenStore: tokens)))

            let login = try await client.perform(mutation: SignInMutation(email: "bearer@example.com"))
            let token = try #require(login.data?.login?.token)
            await tokens.setToken(token)

            let result = try await client.fetch(query: LaunchAndMeQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
            #expect(server.recordedRequests[1].header("Authorization") == "Bearer \(token)")
            #expect(result.data?.me == nil)
            #expect(result.errors?.first?.message.contains("not valid") == true)
        }
    }

    @Test("A token closure is asked on every request", arguments: HTTPStack.all)
    func closureSource(stack: HTTPStack) async throws {
        try await withServer { server in
            let counter = Counter()
            let auth = AuthorizationInterceptor(scheme: nil) { "token-\(await counter.next())" }
            let client = server.client(stack, provider: DefaultInterceptorProvider(retry: nil, authorization: auth))
            _ = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            // The store has the launch now; only a forced fetch makes a second request.
            _ = try await client.fetch(query: LaunchSiteQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
            #expect(server.recordedRequests.map { $0.header("authorization") } == ["token-1", "token-2"])
        }
    }

    @Test("The token is not sent after a redirect to another origin", arguments: HTTPStack.all)
    func redirectToAnotherOrigin(stack: HTTPStack) async throws {
        try await withServer { endpoint in
            try await withServer { elsewhere in
                let tokens = InMemoryTokenStore(token: "secret-token")
                let client = endpoint.client(stack, provider: provider(tokens, scheme: "Bearer"))
                endpoint.enqueueFault(.redirect(to: elsewhere.rocketReserverURL.absoluteString, status: 307))

                // Whatever the other server answers, the point is what it received.
                _ = try? await client.fetch(query: LaunchSiteQuery(id: "1"))

                #expect(endpoint.recordedRequests.first?.header("Authorization") == "Bearer secret-token")
                let redirected = try #require(elsewhere.recordedRequests.first)
                #expect(redirected.header("Authorization") == nil)
                #expect(redirected.header("Cookie") == nil)
            }
        }
    }

    @Test("The token follows a redirect within the same origin", arguments: HTTPStack.all)
    func redirectWithinOrigin(stack: HTTPStack) async throws {
        try await withServer { server in
            let tokens = InMemoryTokenStore(token: "same-origin-token")
            let client = server.client(stack, provider: provider(tokens, scheme: "Bearer"))
            server.enqueueFault(.redirect(to: server.rocketReserverURL.absoluteString, status: 307))
            _ = try? await client.fetch(query: LaunchSiteQuery(id: "1"))
            #expect(server.recordedRequests.count == 2)
            #expect(server.recordedRequests.map { $0.header("Authorization") } == ["Bearer same-origin-token", "Bearer same-origin-token"])
        }
    }

    @Test("The token is not added when an interceptor sends the request to another origin", arguments: HTTPStack.all)
    func interceptorChangesOrigin(stack: HTTPStack) async throws {
        try await withServer { endpoint in
            try await withServer { elsewhere in
                let otherURL = elsewhere.rocketReserverURL
                let moveAway = ClosureInterceptor { _, url, _ in url = otherURL }
                let auth = AuthorizationInterceptor(tokenStore: InMemoryTokenStore(token: "secret-token"))
                let client = endpoint.client(stack, provider: FixedInterceptorProvider([moveAway, auth]))

                let result = try await client.fetch(query: LaunchSiteQuery(id: "1"))
                #expect(result.data?.launch?.id == "1")
                #expect(endpoint.requestCount == 0)
                #expect(elsewhere.recordedRequests.first?.header("Authorization") == nil)
            }
        }
    }
}
