import ApogeeAPI
import Foundation
import Hummingbird

/// Reads a GraphQL multipart request (github.com/jaydenseric/graphql-multipart-request-spec):
/// the `operations` field, the `map` field, then the files, which stream to disk.
struct MultipartRequestReader {
    let storage: UploadStorage
    /// The limit for the `operations` and `map` fields, which are held in memory.
    let fieldLimit: Int

    /// What a multipart request carried.
    struct Contents {
        var operations: [UInt8] = []
        var map: [UInt8] = []
        var files: [String: UploadedFile] = [:]
    }

    private struct OpenFile {
        let fieldName: String
        let fileName: String
        let mimeType: String
        let url: URL
        let handle: FileHandle
        var byteCount = 0
    }

    private enum Part {
        case operations, map, file(OpenFile), ignored
    }

    func read(_ body: RequestBody, boundary: String) async throws(RequestRejection) -> Contents {
        var parser = MultipartParser(boundary: boundary)
        var contents = Contents()
        var part = Part.ignored
        do {
            for try await chunk in body {
                // The chunk's bytes as one contiguous buffer, which copies with `memcpy` even
                // in debug builds (a `ByteBufferView` would be copied byte by byte).
                try chunk.withUnsafeReadableBytes { bytes in
                    try parser.feed(bytes.bindMemory(to: UInt8.self)) { event in
                        switch event {
                        case .partStart(let headers):
                            part = try start(headers: headers)
                        case .partBytes(let bytes):
                            try append(bytes, to: &part, contents: &contents)
                        case .partEnd:
                            try finish(&part, contents: &contents)
                        }
                    }
                }
            }
        } catch let rejection as RequestRejection {
            throw rejection
        } catch {
            throw RequestRejection(status: .badRequest, message: "The multipart body could not be read: \(error)")
        }
        if case .file(let open) = part { try? open.handle.close() }
        guard parser.isComplete else {
            throw RequestRejection(status: .badRequest, message: "The multipart body ended before its closing boundary.")
        }
        return contents
    }

    private func start(headers: [String: String]) throws -> Part {
        let (name, fileName) = MultipartParser.disposition(headers)
        switch name {
        case "operations": return .operations
        case "map": return .map
        case let name?:
            let (url, handle) = try storage.makeFile()
            return .file(
                OpenFile(
                    fieldName: name,
                    fileName: fileName ?? name,
                    mimeType: headers["content-type"] ?? Upload.defaultMIMEType,
                    url: url,
                    handle: handle
                )
            )
        case nil: return .ignored
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>, to part: inout Part, contents: inout Contents) throws {
        switch part {
        case .operations:
            contents.operations.append(contentsOf: bytes)
            try checkLimit(contents.operations, field: "operations")
        case .map:
            contents.map.append(contentsOf: bytes)
            try checkLimit(contents.map, field: "map")
        case .file(var open):
            try open.handle.write(contentsOf: Data(bytes))
            open.byteCount += bytes.count
            part = .file(open)
        case .ignored:
            break
        }
    }

    private func finish(_ part: inout Part, contents: inout Contents) throws {
        if case .file(let open) = part {
            try open.handle.close()
            let file = UploadedFile(fieldName: open.fieldName, fileName: open.fileName, mimeType: open.mimeType, storedAt: open.url, byteCount: open.byteCount)
            contents.files[open.fieldName] = file
            storage.record(file)
        }
        part = .ignored
    }

    private func checkLimit(_ bytes: [UInt8], field: String) throws {
        if bytes.count > fieldLimit {
            throw RequestRejection(status: .contentTooLarge, message: "The \(field) field is larger than \(fieldLimit) bytes.")
        }
    }
}
