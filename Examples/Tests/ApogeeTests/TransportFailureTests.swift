@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeTesting
import ClientFixtures
import Foundation
import TestSupport
import Testing

@Suite("Requests that get no response")
struct TransportFailureTests {
    @Test("Connection refused is a transport error that says so", arguments: HTTPStack.all)
    func connectionRefused(stack: HTTPStack) async throws {
        // Port 1 on loopback has no listener here, so the connection is refused at once.
        let url = try #require(URL(string: "http://127.0.0.1:1/graphql"))
        let client = ApogeeClient(url: url, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: stack.makeTransport())
        let error = await client.expectLaunchSiteFailure()
        let transportError = try #require(error?.transportError, "expected a transport error, got \(String(describing: error))")
        #expect(transportError.kind == .cannotConnect)
        #expect(transportError.url == url)
        #expect(error?.description.contains("127.0.0.1:1") == true)
    }

    @Test("A connection closed mid-response is a transport error, and nothing reaches the store", arguments: HTTPStack.all)
    func closedMidResponse(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.closeMidResponse())
            let client = server.client(stack)
            let transportError = try await client.expectLaunchSiteTransportFailure()
            #expect(transportError.kind == .connectionLost, "\(transportError)")
            // Half a body is no result: nothing of it reaches the store.
            try client.expectNothingStored()
        }
    }

    @Test("No response within the timeout is a timeout error", arguments: HTTPStack.all)
    func timeout(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.delay(.seconds(3)))
            let client = server.client(stack, configuration: .init(timeout: .milliseconds(300)))
            let transportError = try await client.expectLaunchSiteTransportFailure()
            #expect(transportError.kind == .timedOut)
        }
    }

    @Test("A body that stops arriving is a timeout error too", arguments: HTTPStack.all)
    func stalledBody(stack: HTTPStack) async throws {
        try await withServer { server in
            server.enqueueFault(.stallMidResponse(for: .seconds(30)))
            let client = server.client(stack, configuration: .init(timeout: .milliseconds(300)))
            let transportError = try await client.expectLaunchSiteTransportFailure()
            #expect(transportError.kind == .timedOut, "\(transportError)")
            try client.expectNothingStored()
        }
    }
}
