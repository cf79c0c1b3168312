import Apogee
import ApogeeExampleServer
import BenchmarkSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A file of a given size in a temporary folder, an example server on loopback, and three
/// ways of uploading the file to it: `ApogeeClient` on the default transport (AsyncHTTPClient
/// on Linux) and on `URLSessionTransport` (each a multipart body streamed from the file), and
/// `URLSession.upload(for:fromFile:)` of the same multipart body, assembled on disk beforehand
/// so that URLSession only has to send a file.
final class UploadFixture: @unchecked Sendable {
    // Set in setup and cleared in teardown, which the benchmark runner never overlaps with the
    // measured closure.
    let size: Int
    let sparse: Bool
    private(set) var server: ExampleServer?
    /// The client on the platform's default transport: AsyncHTTPClient on Linux.
    private(set) var client: ApogeeClient?
    /// The client on `URLSessionTransport`, whose multipart body is a stream URLSession reads.
    private(set) var urlSessionClient: ApogeeClient?
    private(set) var folder: URL?
    private(set) var file: URL?
    private(set) var multipartRequest: (request: URLRequest, body: URL)?
    let session = URLSession(configuration: .ephemeral)

    /// - Parameters:
    ///   - size: The file's size in bytes.
    ///   - sparse: A sparse file (zeros that take no disk until read) instead of written bytes.
    init(size: Int, sparse: Bool) {
        self.size = size
        self.sparse = sparse
    }

    func start() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-upload-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        let file = folder.appendingPathComponent("payload.bin")
        try Self.writeFile(at: file, size: size, sparse: sparse)
        self.file = file
        let server = try await ExampleServer.start()
        self.server = server
        client = ApogeeClient(url: server.uploadsURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: nativeHTTPTransport())
        urlSessionClient = ApogeeClient(url: server.uploadsURL, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: URLSessionTransport())
        multipartRequest = try Self.multipartRequest(to: server.uploadsURL, file: file, in: folder)
    }

    func stop() async {
        await server?.shutdown()
        if let folder { try? FileManager.default.removeItem(at: folder) }
        server = nil
        client = nil
        urlSessionClient = nil
        folder = nil
        file = nil
        multipartRequest = nil
    }

    /// Uploads the file through the client on the default transport; returns the size the
    /// server received.
    func uploadWithClient() async throws -> Int {
        try await upload(through: client)
    }

    /// Uploads the file through the client on `URLSessionTransport`; returns the size the
    /// server received.
    func uploadWithURLSessionClient() async throws -> Int {
        try await upload(through: urlSessionClient)
    }

    private func upload(through client: ApogeeClient?) async throws -> Int {
        guard let client, let file else { throw BenchmarkSetupFailure(description: "not started") }
        let result = try await client.perform(mutation: UploadSizeMutation(file: Upload(fileURL: file)))
        guard let received = result.data?.uploadFile.byteCount else {
            throw BenchmarkSetupFailure(description: "no upload result: \(String(describing: result.errors))")
        }
        return received
    }

    /// Uploads the same multipart body with URLSession's own file upload; returns the size the
    /// server received.
    func uploadWithURLSession() async throws -> Int {
        guard let (request, body) = multipartRequest else { throw BenchmarkSetupFailure(description: "not started") }
        let (data, _) = try await session.upload(for: request, fromFile: body)
        let json = try JSONValue(parsing: data)
        guard case .int(let received)? = json.objectValue?["data"]?.objectValue?["uploadFile"]?.objectValue?["byteCount"] else {
            throw BenchmarkSetupFailure(description: "unexpected response: \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        return received
    }

    /// Writes `size` bytes that vary (a pattern, so compression or dedup cannot help), or a
    /// sparse file of zeros.
    private static func writeFile(at url: URL, size: Int, sparse: Bool) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkSetupFailure(description: "cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        if sparse {
            try handle.truncate(atOffset: UInt64(size))
            return
        }
        let chunk = 1 << 20
        var block = [UInt8](repeating: 0, count: chunk)
        var written = 0
        while written < size {
            let count = min(chunk, size - written)
            for index in 0..<count { block[index] = UInt8(truncatingIfNeeded: (written + index) &* 31 &+ written >> 20) }
            try handle.write(contentsOf: block[0..<count])
            written += count
        }
    }

    /// The request and body file that carry the same GraphQL multipart request as the client's.
    private static func multipartRequest(to endpoint: URL, file: URL, in folder: URL) throws -> (URLRequest, URL) {
        let boundary = "benchmark-\(UUID().uuidString)"
        let operations: JSONValue = [
            "query": .string(UploadSizeMutation.document),
            "operationName": .string(UploadSizeMutation.operationName),
            "variables": ["file": .null],
        ]
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n\(operations.serializedString)\r\n"
        head += "--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n{\"0\":[\"variables.file\"]}\r\n"
        head += "--\(boundary)\r\nContent-Disposition: form-data; name=\"0\"; filename=\"payload.bin\"\r\n"
        head += "Content-Type: application/octet-stream\r\n\r\n"
        let body = folder.appendingPathComponent("multipart-body")
        guard FileManager.default.createFile(atPath: body.path, contents: Data(head.utf8)) else {
            throw BenchmarkSetupFailure(description: "cannot create \(body.path)")
        }
        let output = try FileHandle(forWritingTo: body)
        defer { try? output.close() }
        try output.seekToEnd()
        let input = try FileHandle(forReadingFrom: file)
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
        try output.write(contentsOf: Data("\r\n--\(boundary)--\r\n".utf8))

        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        request.setValue("application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")
        request.setValue("true", forHTTPHeaderField: "Apollo-Require-Preflight")
        return (request, body)
    }
}

/// A benchmark that could not measure what it is meant to.
struct BenchmarkSetupFailure: Error, CustomStringConvertible {
    var description: String
}
