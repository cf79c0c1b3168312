@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeTesting
import ClientFixtures
import HTTPTypes
import TestSupport
import Testing

@Suite("The logging interceptor")
struct LoggingTests {
    @Test("Requests and responses are logged, credentials and variable values are not")
    func redaction() async throws {
        try await withServer { server in
            let recorder = LogRecorder()
            let provider = DefaultInterceptorProvider(
                retry: nil,
                authorization: AuthorizationInterceptor(tokenStore: InMemoryTokenStore(token: "super-secret-token")),
                logger: recorder.logger()
            ).inserting(ClosureInterceptor { headers, _, _ in
                headers[.cookie] = "session=cookie-secret"
                headers[HTTPField.Name("X-Api-Key")!] = "api-key-secret"
            }, at: 0)
            let result = try await server.client(provider: provider).perform(mutation: SignInMutation(email: "private@example.com"))
            #expect(result.data?.login != nil)

            let entries = recorder.entries
            #expect(entries.count == 2)
            #expect(entries.first?.message == "GraphQL request mutation SignIn")
            #expect(entries.last?.metadata["status"] == "200")
            let text = recorder.renderedText
            for secret in ["super-secret-token", "cookie-secret", "api-key-secret", "private@example.com"] {
                #expect(!text.contains(secret))
            }
            #expect(text.contains(HeaderRedaction.placeholder))
            #expect(text.contains("email"))
            #expect(server.recordedRequests.first?.header("Authorization") == "Bearer super-secret-token")
        }
    }

    @Test("Failures are logged as warnings")
    func failures() async throws {
        try await withServer { server in
            let recorder = LogRecorder()
            server.enqueueFault(.htmlErrorPage(status: 500))
            let client = server.client(provider: DefaultInterceptorProvider(retry: nil, logger: recorder.logger()))
            await #expect(throws: ApogeeError.self) {
                try await client.fetch(query: LaunchSiteQuery(id: "1"))
            }
            #expect(recorder.entries.last?.level == .warning)
            #expect(recorder.entries.last?.message.contains("500") == true)
        }
    }
}
