@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Dispatch
import Foundation
import TestSupport
import Testing
import UploadFixtures

@Suite("Apollo iOS's form with GraphQLFile: upload(mutation:files:)")
struct ReferenceUploadTests {
    @Test("GraphQLFile(fileURL:) is nil when there is no readable file, as the reference's guard expects")
    func failableFileInitializer() throws {
        let folder = try TemporaryFolder()
        let url = try folder.file("a.txt", Array("Alpha".utf8))
        #expect(GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", fileURL: url) != nil)
        #expect(GraphQLFile(fieldName: "file", originalName: "a.txt", fileURL: folder.url.appendingPathComponent("none.txt")) == nil)
        #expect(GraphQLFile(fieldName: "file", originalName: "a.txt", fileURL: url)?.mimeType == "application/octet-stream")
    }

    @Test("A file goes to the variable its field name names, whatever the operation held there")
    func singleFile() async throws {
        let folder = try TemporaryFolder()
        let url = try folder.file("a.txt", Array("Alpha file content.\n".utf8))
        let file = try #require(GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", fileURL: url))
        try await withServer { server in
            let placeholder = Upload(data: Data(), fileName: "placeholder")
            let result = try await server.uploadsClient().upload(mutation: UploadFileMutation(file: placeholder), files: [file])
            let details = try #require(result.data?.uploadFile.fragments.fileDetails)
            #expect(details.fileName == "a.txt")
            #expect(details.mimeType == "text/plain")
            #expect(details.sha256 == sha256Hex(Array("Alpha file content.\n".utf8)))
            #expect(server.receivedUploads.count == 1)
        }
    }

    @Test("Several files with one field name fill a list variable in order; one file fills a list of one")
    func listOfFiles() async throws {
        let files = [
            GraphQLFile(fieldName: "files", originalName: "b.txt", mimeType: "text/plain", data: Data("Bravo".utf8)),
            GraphQLFile(fieldName: "files", originalName: "c.txt", mimeType: "text/plain", data: Data("Charlie".utf8)),
        ]
        try await withServer { server in
            let client = server.uploadsClient()
            let two = try await client.upload(mutation: UploadFilesMutation(files: []), files: files)
            #expect(two.data?.uploadFiles.map(\.fragments.fileDetails.fileName) == ["b.txt", "c.txt"])
            let operations = try #require(try JSONValue(parsing: server.recordedRequests[0].body).objectValue)
            #expect(operations["variables"] == ["files": [.null, .null]])

            let one = try await client.upload(mutation: UploadFilesMutation(files: []), files: [files[0]])
            #expect(one.data?.uploadFiles.map(\.fragments.fileDetails.fileName) == ["b.txt"])
        }
    }

    @Test("A field name that names no variable is an error, and nothing is sent")
    func unknownField() async throws {
        let file = GraphQLFile(fieldName: "fiel", originalName: "a.txt", data: Data("x".utf8))
        try await withServer { server in
            let placeholder = Upload(data: Data(), fileName: "placeholder")
            await #expect(throws: UploadError.unknownFileField("fiel", operationName: "UploadFile")) {
                _ = try await server.uploadsClient().upload(mutation: UploadFileMutation(file: placeholder), files: [file])
            }
            #expect(server.requestCount == 0)
        }
    }

    @Test("The completion-handler form reports the result on the queue given, and progress")
    func completionHandler() async throws {
        let file = GraphQLFile(fieldName: "file", originalName: "a.txt", mimeType: "text/plain", data: Data("Alpha".utf8))
        try await withServer { server in
            let queue = DispatchQueue(label: "upload-handler")
            let key = DispatchSpecificKey<Bool>()
            queue.setSpecific(key: key, value: true)
            let reports = Recorder<UploadProgress>()
            let placeholder = Upload(data: Data(), fileName: "placeholder")
            let (name, onQueue): (String?, Bool) = await withCheckedContinuation { continuation in
                server.uploadsClient().upload(
                    mutation: UploadFileMutation(file: placeholder),
                    files: [file],
                    queue: queue,
                    progress: { reports.append($0) }
                ) { result in
                    let onQueue = DispatchQueue.getSpecific(key: key) == true
                    switch result {
                    case .success(let graphQLResult):
                        continuation.resume(returning: (graphQLResult.data?.uploadFile.fragments.fileDetails.fileName, onQueue))
                    case .failure:
                        continuation.resume(returning: (nil, onQueue))
                    }
                }
            }
            #expect(name == "a.txt")
            #expect(onQueue)
            #expect(reports.values.last?.isComplete == true)
        }
    }

    @Test("The completion-handler form reports a misnamed file as a failure")
    func completionHandlerFailure() async throws {
        let file = GraphQLFile(fieldName: "nope", originalName: "a.txt", data: Data("x".utf8))
        try await withServer { server in
            let placeholder = Upload(data: Data(), fileName: "placeholder")
            let error: (any Error)? = await withCheckedContinuation { continuation in
                server.uploadsClient().upload(mutation: UploadFileMutation(file: placeholder), files: [file]) { result in
                    if case .failure(let error) = result {
                        continuation.resume(returning: error)
                    } else {
                        continuation.resume(returning: nil)
                    }
                }
            }
            #expect(error as? UploadError == .unknownFileField("nope", operationName: "UploadFile"))
            #expect(server.requestCount == 0)
        }
    }
}
