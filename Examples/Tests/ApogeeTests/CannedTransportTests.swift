@testable import Apogee
@testable import ApogeeTesting
import ClientFixtures
import Foundation
import HTTPTypes
import Testing

/// ApogeeTesting's canned transport, as a user's tests would use it: a client that needs no
/// server, whose answers still go through the chain and into the store.
@Suite("Canned transport")
struct CannedTransportTests {
    private static let endpoint = URL(string: "https://api.example.com/graphql")!

    @Test("Every request gets the canned answer, decoded and written to the store")
    func answersAndStores() async throws {
        let transport = CannedTransport(body: #"{"data":{"launch":{"__typename":"Launch","id":"25","site":"KSC LC 39A"}}}"#)
        let client = ApogeeClient(url: Self.endpoint, transport: transport)
        let result = try await client.fetch(query: LaunchSiteQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
        #expect(result.errors == nil)
        #expect(result.data?.launch?.site == "KSC LC 39A")
        let cached = try await client.fetch(query: LaunchSiteQuery(id: "25"), cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.source == .cache)
        #expect(cached.data?.launch?.site == "KSC LC 39A")
    }

    @Test("A client on a canned transport keeps its request deadline in the calling task, as on AsyncHTTPClient")
    func keepsTheDeadline() {
        let transport = CannedTransport(body: #"{"data":null}"#)
        #expect(ApogeeClient(url: Self.endpoint, transport: transport).chainKeepsRequestDeadline(for: LaunchSiteQuery(id: "25")))
        // An authorization interceptor runs the app's code, which may wait: the watchdog's task then keeps it.
        let authorized = DefaultInterceptorProvider(authorization: AuthorizationInterceptor(token: { "token" }))
        #expect(!ApogeeClient(url: Self.endpoint, interceptorProvider: authorized, transport: transport).chainKeepsRequestDeadline(for: LaunchSiteQuery(id: "25")))
    }

    @Test("A canned error status is an HTTP error, as from a server")
    func errorStatus() async throws {
        let transport = CannedTransport(response: HTTPTransportResponse(
            head: HTTPResponse(status: .serviceUnavailable, headerFields: [.contentType: "text/plain"]),
            body: Data("down for maintenance".utf8)
        ))
        let client = ApogeeClient(url: Self.endpoint, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: transport)
        let error = await #expect(throws: ApogeeError.self) {
            try await client.fetch(query: LaunchSiteQuery(id: "25"))
        }
        guard let failure = error, failure.code == .httpStatus, let head = failure.httpResponse, let excerpt = failure.bodyExcerpt else {
            Issue.record("expected an HTTP error, got \(String(describing: error))")
            return
        }
        #expect(head.status == .serviceUnavailable)
        #expect(excerpt == "down for maintenance")
    }
}
