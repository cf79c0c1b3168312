@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing
import UploadFixtures

@Suite("File uploads against the example server")
struct UploadTests {
    @Test("One file arrives byte for byte, with its name and MIME type")
    func oneFile() async throws {
        let folder = try TemporaryFolder()
        // Larger than one read buffer, so the file crosses several reads.
        let url = try folder.patternedFile("notes.txt", count: 300_000)
        let bytes = Array(try Data(contentsOf: url))
        try await withServer { server in
            let upload = Upload(fileURL: url, mimeType: "text/plain")
            let result = try await server.uploadsClient().perform(mutation: UploadFileMutation(file: upload))

            #expect(result.errors == nil)
            let file = try #require(result.data?.uploadFile.fragments.fileDetails)
            #expect(file.fileName == "notes.txt")
            #expect(file.mimeType == "text/plain")
            #expect(file.byteCount == bytes.count)
            #expect(file.sha256 == sha256Hex(bytes))
            let received = try #require(server.receivedUploads.first)
            #expect(server.receivedUploads.count == 1)
            #expect(received.fieldName == "0")
            #expect(try server.storedBytes(of: received) == bytes)
        }
    }

    @Test("The request is multipart: operations with the file as null, then the map")
    func requestShape() async throws {
        let folder = try TemporaryFolder()
        let url = try folder.file("a.txt", Array("Alpha file content.\n".utf8))
        try await withServer { server in
            _ = try await server.uploadsClient().perform(mutation: UploadFileMutation(file: Upload(fileURL: url)))
            let request = try #require(server.recordedRequests.first)
            #expect(request.method == "POST")
            #expect(request.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
            let operations = try #require(try JSONValue(parsing: request.body).objectValue)
            #expect(operations["variables"] == ["file": .null])
            #expect(operations["operationName"] == "UploadFile")
            #expect(operations["query"]?.stringValue == UploadFileMutation.document)
            #expect(server.receivedUploads.first?.mimeType == Upload.defaultMIMEType)
        }
    }

    @Test("A list of files, from disk and from memory, arrives in order")
    func listOfFiles() async throws {
        let folder = try TemporaryFolder()
        let first = try folder.patternedFile("b.bin", count: 70_000, seed: 1)
        let third = try folder.patternedFile("d.bin", count: 10, seed: 3)
        let inMemory = Array("Charlie file content.\n".utf8)
        let uploads = [
            Upload(fileURL: first),
            Upload(data: Data(inMemory), fileName: "c.txt", mimeType: "text/plain"),
            Upload(fileURL: third, fileName: "renamed.bin", mimeType: "application/x-test"),
        ]
        try await withServer { server in
            let result = try await server.uploadsClient().perform(mutation: UploadFilesMutation(files: uploads))

            #expect(result.errors == nil)
            let files = try #require(result.data?.uploadFiles).map(\.fragments.fileDetails)
            #expect(files.map(\.fileName) == ["b.bin", "c.txt", "renamed.bin"])
            #expect(files.map(\.mimeType) == ["application/octet-stream", "text/plain", "application/x-test"])
            let expected = [Array(try Data(contentsOf: first)), inMemory, Array(try Data(contentsOf: third))]
            #expect(files.map(\.sha256) == expected.map { sha256Hex($0) })
            #expect(server.receivedUploads.map(\.fieldName) == ["0", "1", "2"])
            #expect(try server.receivedUploads.map { try server.storedBytes(of: $0) } == expected)
            let operations = try #require(try JSONValue(parsing: server.recordedRequests[0].body).objectValue)
            #expect(operations["variables"] == ["files": [.null, .null, .null]])
        }
    }

    @Test("A file inside a nested input object")
    func nestedInputObject() async throws {
        let folder = try TemporaryFolder()
        let url = try folder.patternedFile("report.pdf", count: 4_096)
        try await withServer { server in
            let input = DocumentInput(
                title: "Quarterly report",
                attachment: AttachmentInput(file: Upload(fileURL: url, mimeType: "application/pdf"), caption: "Q3")
            )
            let result = try await server.uploadsClient().perform(mutation: UploadDocumentMutation(input: input))

            #expect(result.errors == nil)
            let document = try #require(result.data?.uploadDocument)
            #expect(document.title == "Quarterly report")
            #expect(document.caption == "Q3")
            #expect(document.file.fragments.fileDetails.fileName == "report.pdf")
            #expect(document.file.fragments.fileDetails.mimeType == "application/pdf")
            #expect(document.file.fragments.fileDetails.sha256 == sha256Hex(try Data(contentsOf: url)))
            let operations = try #require(try JSONValue(parsing: server.recordedRequests[0].body).objectValue)
            #expect(operations["variables"] == ["input": ["title": "Quarterly report", "attachment": ["file": .null, "caption": "Q3"]]])
        }
    }

    @Test("The same file at two paths is sent once and mapped to both")
    func sameFileTwice() async throws {
        let folder = try TemporaryFolder()
        let url = try folder.patternedFile("twice.bin", count: 1_000)
        let upload = Upload(fileURL: url)
        try await withServer { server in
            let client = server.uploadsClient()
            let list = try await client.perform(mutation: UploadFilesMutation(files: [upload, upload]))
            #expect(list.errors == nil)
            #expect(list.data?.uploadFiles.count == 2)
            #expect(Set(list.data?.uploadFiles.map(\.fragments.fileDetails.sha256) ?? []) == [sha256Hex(try Data(contentsOf: url))])
            #expect(server.receivedUploads.count == 1)

            let variables = try await client.perform(mutation: UploadTwiceMutation(first: upload, second: upload))
            #expect(variables.errors == nil)
            #expect(variables.data?.first.fragments.fileDetails == variables.data?.second.fragments.fileDetails)
            #expect(server.receivedUploads.count == 2)
        }
    }

    @Test("An operation without files is sent as plain JSON")
    func noUploadIsJSON() async throws {
        try await withServer { server in
            let result = try await server.uploadsClient().fetch(query: UploadCountQuery())
            #expect(result.data?.uploadCount == 0)
            let request = try #require(server.recordedRequests.first)
            #expect(request.header("Content-Type") == "application/json")
            #expect(request.header("Apollo-Require-Preflight") == nil)
        }
    }
}
