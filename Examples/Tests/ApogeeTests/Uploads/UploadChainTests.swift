@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeTesting
import Foundation
import HTTPTypes
import TestSupport
import Testing
import UploadFixtures

@Suite("Uploads through the interceptor chain")
struct UploadChainTests {
    @Test("Uploads carry Apollo-Require-Preflight by default, or the configured header")
    func preflightHeader() async throws {
        try await ExampleServer.withServer(configuration: .init(requiresUploadPreflightHeader: true)) { server in
            let client = server.uploadsClient()
            let upload = Upload(data: Data("x".utf8), fileName: "x.txt")
            let plain = try await client.perform(mutation: UploadFileMutation(file: upload))
            #expect(plain.errors == nil)
            #expect(server.recordedRequests[0].header("Apollo-Require-Preflight") == "true")

            var context = RequestContext()
            context.uploadPreflightHeader = .apolloOperationName
            let named = try await client.perform(mutation: UploadFileMutation(file: upload), context: context)
            #expect(named.errors == nil)
            #expect(server.recordedRequests[1].header("X-Apollo-Operation-Name") == "UploadFile")
            #expect(server.recordedRequests[1].header("Apollo-Require-Preflight") == nil)
        }
    }

    @Test("A client's configured preflight header applies to its uploads unless a request sets its own")
    func preflightHeaderPerClient() async throws {
        try await ExampleServer.withServer(configuration: .init(requiresUploadPreflightHeader: true)) { server in
            let custom = UploadPreflightHeader(name: HTTPField.Name("X-Apollo-Operation-Name")!, value: .text("upload"))
            let client = server.uploadsClient(configuration: ApogeeClient.Configuration(uploadPreflightHeader: custom))
            let upload = Upload(data: Data("x".utf8), fileName: "x.txt")
            let configured = try await client.perform(mutation: UploadFileMutation(file: upload))
            #expect(configured.errors == nil)
            #expect(server.recordedRequests[0].header("X-Apollo-Operation-Name") == "upload")
            #expect(server.recordedRequests[0].header("Apollo-Require-Preflight") == nil)

            var context = RequestContext()
            context.uploadPreflightHeader = nil
            let refused = try await client.perform(mutation: UploadFileMutation(file: upload), context: context)
            #expect(refused.errors?.first?.message.contains("CSRF") == true)
            #expect(server.recordedRequests[1].header("X-Apollo-Operation-Name") == nil)
        }
    }

    @Test("With persisted queries on, an upload still carries its document")
    func neverHashOnly() async throws {
        try await withServer { server in
            let provider = DefaultInterceptorProvider(retry: nil, persistedQueries: AutomaticPersistedQueryInterceptor())
            let upload = Upload(data: Data("x".utf8), fileName: "x.txt")
            let result = try await server.uploadsClient(provider: provider).perform(mutation: UploadFileMutation(file: upload))
            #expect(result.errors == nil)
            #expect(server.requestCount == 1)
            let operations = try #require(try JSONValue(parsing: server.recordedRequests[0].body).objectValue)
            #expect(operations["query"]?.stringValue == UploadFileMutation.document)
        }
    }

    @Test("An interceptor that asks for GET still gets a multipart POST")
    func neverGET() async throws {
        try await withServer { server in
            let get = ClosureInterceptor { _, _, method in method = .get }
            let client = server.uploadsClient(provider: FixedInterceptorProvider([get]))
            let result = try await client.perform(mutation: UploadFileMutation(file: Upload(data: Data([7]), fileName: "g")))
            #expect(result.errors == nil)
            #expect(server.recordedRequests.map(\.method) == ["POST"])
        }
    }

    @Test("Uploads are not retried unless mutations are, and a retry sends every byte again")
    func retries() async throws {
        let folder = try TemporaryFolder()
        let url = try folder.patternedFile("retry.bin", count: 200_000)
        let bytes = Array(try Data(contentsOf: url))
        try await withServer { server in
            let sleeper = RecordingSleeper()
            let upload = UploadFileMutation(file: Upload(fileURL: url))

            server.enqueueFault(.httpStatus(503))
            let once = DefaultInterceptorProvider(retry: RetryInterceptor(sleeper: sleeper))
            await #expect(throws: ApogeeError.self) {
                _ = try await server.uploadsClient(provider: once).perform(mutation: upload)
            }
            #expect(server.requestCount == 1)

            server.enqueueFault(.httpStatus(503))
            let optedIn = DefaultInterceptorProvider(retry: RetryInterceptor(policy: RetryPolicy(retriesMutations: true), sleeper: sleeper))
            let result = try await server.uploadsClient(provider: optedIn).perform(mutation: upload)
            #expect(result.data?.uploadFile.fragments.fileDetails.sha256 == sha256Hex(bytes))
            #expect(server.requestCount == 3)
            // The server reads the whole body even when it answers with a fault.
            #expect(try server.receivedUploads.map { try server.storedBytes(of: $0) } == [bytes, bytes, bytes])
        }
    }

    @Test(
        "After a 307 redirect to another origin the whole body is sent again, without the token",
        arguments: UploadTransport.all
    )
    func redirectResendsBody(transport: UploadTransport) async throws {
        let folder = try TemporaryFolder()
        let url = try folder.patternedFile("moved.bin", count: 300_000)
        let bytes = Array(try Data(contentsOf: url))
        try await withServer { first in
            try await withServer { second in
                first.enqueueFault(.redirect(to: second.uploadsURL.absoluteString, status: 307))
                let tokens = InMemoryTokenStore(token: "secret-token")
                let provider = DefaultInterceptorProvider(retry: nil, authorization: AuthorizationInterceptor(tokenStore: tokens))
                let client = first.uploadsClient(provider: provider, transport: transport.makeTransport())
                let result = try await client.perform(mutation: UploadFileMutation(file: Upload(fileURL: url)))

                #expect(result.data?.uploadFile.fragments.fileDetails.sha256 == sha256Hex(bytes))
                #expect(try second.receivedUploads.map { try second.storedBytes(of: $0) } == [bytes])
                #expect(first.recordedRequests.first?.header("Authorization") == "Bearer secret-token")
                let redirected = try #require(second.recordedRequests.first)
                #expect(redirected.header("Authorization") == nil)
                #expect(redirected.header("Content-Type")?.hasPrefix("multipart/form-data") == true)
            }
        }
    }
}
