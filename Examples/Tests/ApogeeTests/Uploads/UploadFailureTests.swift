@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing
import UploadFixtures

@Suite("Uploads that cannot be sent or are refused")
struct UploadFailureTests {
    @Test("A missing file fails with a typed error naming its variable, before anything is sent")
    func missingFile() async throws {
        let folder = try TemporaryFolder()
        let present = try folder.file("present.txt", Array("here".utf8))
        let missing = folder.url.appendingPathComponent("missing.txt")
        try await withServer { server in
            let mutation = UploadFilesMutation(files: [Upload(fileURL: present), Upload(fileURL: missing)])
            await #expect(throws: UploadError.fileNotFound(missing, variablePath: "variables.files.1")) {
                _ = try await server.uploadsClient().perform(mutation: mutation)
            }
            #expect(server.requestCount == 0)
        }
    }

    @Test("A directory, or a URL that is not a file URL, is refused before anything is sent")
    func notAFile() async throws {
        let folder = try TemporaryFolder()
        let remote = try #require(URL(string: "https://example.com/a.png"))
        try await withServer { server in
            let client = server.uploadsClient()
            await #expect(throws: UploadError.notARegularFile(folder.url, variablePath: "variables.file")) {
                _ = try await client.perform(mutation: UploadFileMutation(file: Upload(fileURL: folder.url)))
            }
            await #expect(throws: UploadError.notAFileURL(remote, variablePath: "variables.input.attachment.file")) {
                let input = DocumentInput(title: "t", attachment: AttachmentInput(file: Upload(fileURL: remote)))
                _ = try await client.perform(mutation: UploadDocumentMutation(input: input))
            }
            #expect(server.requestCount == 0)
        }
    }

    @Test("A MIME type with a line break cannot smuggle a header into the part")
    func headerInjection() async throws {
        try await withServer { server in
            let upload = Upload(data: Data([1]), fileName: "x", mimeType: "text/plain\r\nX-Evil: 1")
            await #expect(throws: UploadError.invalidPartHeader("text/plain\r\nX-Evil: 1", variablePath: "variables.file")) {
                _ = try await server.uploadsClient().perform(mutation: UploadFileMutation(file: upload))
            }
            #expect(server.requestCount == 0)
        }
    }

    @Test("A file name with quotes and line breaks is encoded as browsers do")
    func awkwardFileName() async throws {
        try await withServer { server in
            let upload = Upload(data: Data([1, 2, 3]), fileName: "a \"quoted\"\r\nname.txt")
            let result = try await server.uploadsClient().perform(mutation: UploadFileMutation(file: upload))
            #expect(result.data?.uploadFile.fragments.fileDetails.fileName == "a %22quoted%22%0D%0Aname.txt")
            #expect(result.data?.uploadFile.fragments.fileDetails.byteCount == 3)
        }
    }

    @Test("A server that refuses the upload gives its GraphQL error")
    func graphQLErrorFromServer() async throws {
        try await ExampleServer.withServer(configuration: .init(requiresUploadPreflightHeader: true)) { server in
            var context = RequestContext()
            context.uploadPreflightHeader = nil
            let upload = Upload(data: Data([1]), fileName: "x")
            let result = try await server.uploadsClient().perform(mutation: UploadFileMutation(file: upload), context: context)
            #expect(result.data == nil)
            #expect(result.httpResponse?.status.code == 400)
            #expect(result.errors?.first?.message.contains("Apollo-Require-Preflight") == true)
        }
    }

    @Test("A server that answers with an HTTP error gives its status")
    func httpStatusFromServer() async throws {
        try await withServer { server in
            server.enqueueFault(.httpStatus(413, body: "Payload Too Large"))
            let upload = Upload(data: Data([1]), fileName: "x")
            do {
                _ = try await server.uploadsClient().perform(mutation: UploadFileMutation(file: upload))
                Issue.record("the upload should have failed")
            } catch let failure as ApogeeError where failure.code == .httpStatus {
                let response = failure.httpResponse, excerpt = failure.bodyExcerpt ?? ""
                #expect(response?.status.code == 413)
                #expect(excerpt == "Payload Too Large")
            }
        }
    }
}
