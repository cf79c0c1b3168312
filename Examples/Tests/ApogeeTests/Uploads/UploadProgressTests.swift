@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing
import UploadFixtures

@Suite("Upload progress")
struct UploadProgressTests {
    @Test("The progress handler sees the bytes grow to the total", arguments: UploadTransport.reportingProgress)
    func progressReachesTotal(transport: UploadTransport) async throws {
        let folder = try TemporaryFolder()
        let size = 1_000_000
        let url = try folder.patternedFile("big.bin", count: size)
        try await withServer { server in
            let reports = Recorder<UploadProgress>()
            let client = server.uploadsClient(transport: transport.makeTransport())
            let result = try await client.upload(mutation: UploadFileMutation(file: Upload(fileURL: url))) { reports.append($0) }

            #expect(result.data?.uploadFile.fragments.fileDetails.byteCount == size)
            let all = reports.values
            let last = try #require(all.last)
            #expect(last.isComplete)
            #expect(last.bytesSent == last.totalBytes)
            // The total is the whole multipart body: the file and its framing.
            #expect(last.totalBytes > Int64(size))
            #expect(last.totalBytes < Int64(size) + 2_000)
            #expect(all.count > 1)
            #expect(zip(all, all.dropFirst()).allSatisfy { $0.bytesSent <= $1.bytesSent })
            #expect(Set(all.map(\.totalBytes)) == [last.totalBytes])
            #expect(try server.storedBytes(of: try #require(server.receivedUploads.first)) == Array(try Data(contentsOf: url)))
        }
    }

    @Test("An upload task reports progress as an async sequence that ends with the upload")
    func uploadTaskSequence() async throws {
        let folder = try TemporaryFolder()
        let url = try folder.patternedFile("seq.bin", count: 500_000)
        try await withServer { server in
            let task = server.uploadsClient().uploadTask(mutation: UploadFilesMutation(files: [Upload(fileURL: url)]))
            var reports: [UploadProgress] = []
            for await progress in task.progress {
                reports.append(progress)
            }
            let result = try await task.value
            #expect(result.data?.uploadFiles.first?.fragments.fileDetails.byteCount == 500_000)
            #expect(reports.last?.isComplete == true)
            #expect(reports.last.map { $0.totalBytes > 500_000 } == true)
        }
    }

    @Test("Cancelling an upload task ends its progress and its result throws")
    func uploadTaskCancel() async throws {
        let folder = try TemporaryFolder()
        let url = try folder.patternedFile("cancel.bin", count: 10_000)
        try await withServer { server in
            server.holdMutations()
            let task = server.uploadsClient().uploadTask(mutation: UploadFileMutation(file: Upload(fileURL: url)))
            try await server.waitForRequests(1)
            task.cancel()
            for await _ in task.progress {}
            await #expect(throws: CancellationError.self) {
                _ = try await task.value
            }
        }
    }
}
