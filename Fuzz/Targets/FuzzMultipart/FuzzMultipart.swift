@testable import Apogee
import ApogeeAPI
@testable import ExampleServerMultipart
import Foundation
import FuzzSupport

/// The client's multipart request body against the example server's streaming parser: the
/// input chooses the files (names, types, bytes) and where the body is cut on the way, and
/// the parser must read back the parts the builder wrote, in order, byte for byte.
public func fuzzMultipart(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    var uploads: [Upload] = []
    for _ in 0..<input.number(below: 4) {
        let fileName = String(decoding: input.shortRun(), as: UTF8.self)
        let mimeType = String(decoding: input.bytes(input.number(below: 24)), as: UTF8.self)
        let content = input.shortRun()
        uploads.append(Upload(data: Data(content), fileName: fileName, mimeType: mimeType))
    }
    let body = GraphQLRequestBody(
        query: "mutation Upload($files: [Upload!]!) { upload(files: $files) }",
        operationName: "Upload",
        variables: [InputField("files", .list(uploads.map { .upload($0) }))])
    // The builder's boundary is 128 random bits, which no file contains; the fuzzer's fixed one
    // could be, and then the body is ambiguous by construction, not by a fault.
    guard !containsBoundary(input.all) else { return 0 }
    let form: MultipartFormData
    do {
        form = try body.multipartFormData(boundary: "apogee-boundary")
    } catch {
        // A MIME type with a control character is refused before anything is sent.
        return 0
    }
    var bytes: [UInt8] = []
    for segment in form.segments {
        guard case .bytes(let data) = segment else { fatalError("an upload from memory became a file segment") }
        bytes += data
    }
    require(Int64(bytes.count) == form.count, "the body has \(bytes.count) bytes, its count says \(form.count)")

    var parts: [(headers: [String: String], bytes: [UInt8])] = []
    var parser = MultipartParser(boundary: "apogee-boundary")
    do {
        for piece in chunks(of: bytes, splitBy: &input) {
            try parser.feed(piece) { event in
                switch event {
                case .partStart(let headers): parts.append((headers, []))
                case .partBytes(let run): parts[parts.count - 1].bytes += run
                case .partEnd: break
                }
            }
        }
    } catch {
        fatalError("the server could not read the client's body: \(error)")
    }
    require(parser.isComplete, "the body ended before its closing delimiter")
    let distinct = body.uploadsWithPaths
    require(parts.count == 2 + distinct.count, "\(parts.count) parts read, \(2 + distinct.count) written")
    require(MultipartParser.disposition(parts[0].headers).name == "operations", "the first part is not operations")
    require(parts[0].bytes == body.jsonBytes(), "operations changed on the way")
    require(MultipartParser.disposition(parts[1].headers).name == "map", "the second part is not map")
    for (index, (upload, _)) in distinct.enumerated() {
        let part = parts[2 + index]
        let (name, fileName) = MultipartParser.disposition(part.headers)
        require(name == String(index), "file part \(index) is named \(String(describing: name))")
        require(fileName == MultipartFormData.quoted(upload.fileName), "file name \(upload.fileName.debugDescription) read back as \(String(describing: fileName))")
        require(part.headers["content-type"] == upload.mimeType.trimmingCharacters(in: .whitespaces), "MIME type \(upload.mimeType.debugDescription) read back as \(String(describing: part.headers["content-type"]))")
        guard case .data(let data) = upload.content else { fatalError("an upload from memory has no data") }
        require(part.bytes == Array(data), "file \(index)'s bytes changed on the way")
    }
    return 0
}

let boundary = Array("apogee-boundary".utf8)

func containsBoundary(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= boundary.count else { return false }
    return (0...(bytes.count - boundary.count)).contains { start in
        boundary.indices.allSatisfy { bytes[start + $0] == boundary[$0] }
    }
}
