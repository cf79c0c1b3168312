@testable import ApogeeAPI
@testable import Apogee
import Foundation
import TestSupport
import Testing

/// The encoder against the examples of the GraphQL multipart request spec
/// (github.com/jaydenseric/graphql-multipart-request-spec, "Single file" and "File list"; Apogee
/// sends one operation per request, so the "Batching" example does not apply).
@Suite("Multipart encoding: the spec's examples")
struct MultipartGoldenTests {
    /// The spec's "Single file" request payload, as printed there (curl's boundary, `\n` breaks).
    static let singleFilePayload = """
        --------------------------cec8e8123c05ba25
        Content-Disposition: form-data; name="operations"

        { "query": "mutation ($file: Upload!) { singleUpload(file: $file) { id } }", "variables": { "file": null } }
        --------------------------cec8e8123c05ba25
        Content-Disposition: form-data; name="map"

        { "0": ["variables.file"] }
        --------------------------cec8e8123c05ba25
        Content-Disposition: form-data; name="0"; filename="a.txt"
        Content-Type: text/plain

        Alpha file content.

        --------------------------cec8e8123c05ba25--

        """

    /// The spec's "File list" request payload.
    static let fileListPayload = """
        --------------------------ec62457de6331cad
        Content-Disposition: form-data; name="operations"

        { "query": "mutation($files: [Upload!]!) { multipleUpload(files: $files) { id } }", "variables": { "files": [null, null] } }
        --------------------------ec62457de6331cad
        Content-Disposition: form-data; name="map"

        { "0": ["variables.files.0"], "1": ["variables.files.1"] }
        --------------------------ec62457de6331cad
        Content-Disposition: form-data; name="0"; filename="b.txt"
        Content-Type: text/plain

        Bravo file content.

        --------------------------ec62457de6331cad
        Content-Disposition: form-data; name="1"; filename="c.txt"
        Content-Type: text/plain

        Charlie file content.

        --------------------------ec62457de6331cad--

        """

    static func textFile(_ text: String, _ name: String) -> InputValue {
        .upload(Upload(data: Data(text.utf8), fileName: name, mimeType: "text/plain"))
    }

    /// One of the spec's examples: the operation, and the payload the spec prints for it.
    struct SpecExample: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let query: String
        let variables: [InputField]
        let boundary: String
        let payload: String
    }

    static let specExamples = [
        SpecExample(
            testDescription: "Single file",
            query: "mutation ($file: Upload!) { singleUpload(file: $file) { id } }",
            variables: [InputField("file", textFile("Alpha file content.\n", "a.txt"))],
            boundary: "------------------------cec8e8123c05ba25",
            payload: singleFilePayload
        ),
        SpecExample(
            testDescription: "File list",
            query: "mutation($files: [Upload!]!) { multipleUpload(files: $files) { id } }",
            variables: [InputField("files", .list([textFile("Bravo file content.\n", "b.txt"), textFile("Charlie file content.\n", "c.txt")]))],
            boundary: "------------------------ec62457de6331cad",
            payload: fileListPayload
        ),
    ]

    @Test("The same parts, in the same order, as the spec's payload", arguments: specExamples)
    func specExample(_ example: SpecExample) throws {
        let body = GraphQLRequestBody(query: example.query, operationName: "", variables: example.variables)
        let ours = try MultipartParts(try encoded(body, boundary: example.boundary), boundary: example.boundary, lineBreak: "\r\n")
        let spec = try MultipartParts(Array(example.payload.utf8), boundary: example.boundary, lineBreak: "\n")
        try expectSameParts(ours, spec)
    }

    @Test("Single file, byte for byte: CRLF framing, compact JSON, the file's own bytes untouched")
    func singleFileBytes() throws {
        let body = GraphQLRequestBody(
            query: "mutation ($file: Upload!) { singleUpload(file: $file) { id } }",
            operationName: "SingleUpload",
            variables: [InputField("file", Self.textFile("Alpha file content.\n", "a.txt"))]
        )
        let expected = [
            "--------------------------cec8e8123c05ba25",
            "Content-Disposition: form-data; name=\"operations\"",
            "",
            #"{"query":"mutation ($file: Upload!) { singleUpload(file: $file) { id } }","operationName":"SingleUpload","variables":{"file":null}}"#,
            "--------------------------cec8e8123c05ba25",
            "Content-Disposition: form-data; name=\"map\"",
            "",
            #"{"0":["variables.file"]}"#,
            "--------------------------cec8e8123c05ba25",
            "Content-Disposition: form-data; name=\"0\"; filename=\"a.txt\"",
            "Content-Type: text/plain",
            "",
            "Alpha file content.\n",
            "--------------------------cec8e8123c05ba25--",
            "",
        ].joined(separator: "\r\n")
        let bytes = try encoded(body, boundary: "------------------------cec8e8123c05ba25")
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(Int64(bytes.count) == (try body.multipartFormData(boundary: "------------------------cec8e8123c05ba25")).count)
    }

    @Test("One upload at two paths is one file part mapped twice; nested paths are dotted")
    func deduplicationAndNesting() throws {
        let shared = Self.textFile("shared", "s.txt")
        let body = GraphQLRequestBody(
            query: "mutation M($a: Upload!, $input: DocumentInput!) { m }",
            operationName: "M",
            variables: [
                InputField("a", shared),
                InputField("input", .object([InputField("attachment", .object([InputField("file", shared)])), InputField("other", Self.textFile("other", "o.txt"))])),
            ]
        )
        let parts = try MultipartParts(try encoded(body, boundary: "b"), boundary: "b", lineBreak: "\r\n")
        #expect(parts.names == ["operations", "map", "0", "1"])
        #expect(try JSONValue(parsing: parts.body(named: "map")) == ["0": ["variables.a", "variables.input.attachment.file"], "1": ["variables.input.other"]])
        #expect(parts.body(named: "0") == Array("shared".utf8))
        #expect(parts.body(named: "1") == Array("other".utf8))
    }

    @Test("Map keys are in number order past nine files")
    func manyFiles() throws {
        let files = (0..<12).map { Self.textFile("file \($0)", "f\($0).txt") }
        let body = GraphQLRequestBody(query: "mutation M($f: [Upload!]!) { m }", operationName: "M", variables: [InputField("f", .list(files))])
        let parts = try MultipartParts(try encoded(body, boundary: "b"), boundary: "b", lineBreak: "\r\n")
        let map = String(decoding: parts.body(named: "map"), as: UTF8.self)
        #expect(map == "{" + (0..<12).map { "\"\($0)\":[\"variables.f.\($0)\"]" }.joined(separator: ",") + "}")
        #expect(parts.names == ["operations", "map"] + (0..<12).map(String.init))
        #expect(parts.body(named: "11") == Array("file 11".utf8))
    }

    @Test("A body streamed from disk through small buffers equals the same body from memory")
    func fileAndMemoryAgree() throws {
        let folder = try TemporaryFolder()
        let bytes = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let url = try folder.file("data.bin", bytes)
        func body(_ upload: Upload) -> GraphQLRequestBody {
            GraphQLRequestBody(query: "mutation M($f: Upload!) { m }", operationName: "M", variables: [InputField("f", .upload(upload))])
        }
        let fromDisk = try encoded(body(Upload(fileURL: url, fileName: "data.bin")), boundary: "x", bufferSize: 7)
        let fromMemory = try encoded(body(Upload(data: Data(bytes), fileName: "data.bin")), boundary: "x", bufferSize: 4_096)
        #expect(fromDisk == fromMemory)
    }

    // MARK: Helpers

    private func encoded(_ body: GraphQLRequestBody, boundary: String, bufferSize: Int = 13) throws -> [UInt8] {
        let form = try body.multipartFormData(boundary: boundary)
        let stream = MultipartBodyStream(segments: form.segments)
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try stream.read(into: buffer)
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        return bytes
    }

    /// Same part names and order, same headers, same file bytes, and the same JSON in the
    /// `operations` and `map` fields. Apogee always sends `operationName`, which the spec's
    /// requests leave out, so it is set aside before comparing.
    private func expectSameParts(_ ours: MultipartParts, _ spec: MultipartParts) throws {
        #expect(ours.names == spec.names)
        #expect(ours.parts.map(\.headers) == spec.parts.map(\.headers))
        var operations = try #require(try JSONValue(parsing: ours.body(named: "operations")).objectValue)
        operations["operationName"] = nil
        #expect(JSONValue.object(operations) == (try JSONValue(parsing: spec.body(named: "operations"))))
        #expect(try JSONValue(parsing: ours.body(named: "map")) == (try JSONValue(parsing: spec.body(named: "map"))))
        for name in spec.names.dropFirst(2) {
            #expect(ours.body(named: name) == spec.body(named: name))
        }
    }
}

/// A multipart body split into its parts, for comparing bodies written with different line breaks.
struct MultipartParts {
    struct Part: Equatable {
        var headers: [String]
        var body: [UInt8]
    }

    struct Malformed: Error {}

    let parts: [Part]

    init(_ bytes: [UInt8], boundary: String, lineBreak: String) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        let delimiter = "--" + boundary
        guard text.hasPrefix(delimiter + lineBreak), text.hasSuffix(lineBreak + delimiter + "--" + lineBreak) else { throw Malformed() }
        let inner = text.dropFirst(delimiter.count + lineBreak.count).dropLast(lineBreak.count * 2 + delimiter.count + 2)
        parts = try inner.components(separatedBy: lineBreak + delimiter + lineBreak).map { chunk in
            guard let end = chunk.range(of: lineBreak + lineBreak) else { throw Malformed() }
            return Part(headers: chunk[..<end.lowerBound].components(separatedBy: lineBreak), body: Array(chunk[end.upperBound...].utf8))
        }
    }

    /// The `name` of each part, in order.
    var names: [String] {
        parts.map { part in
            let disposition = part.headers.first { $0.hasPrefix("Content-Disposition:") } ?? ""
            guard let start = disposition.range(of: "name=\"") else { return "" }
            return String(disposition[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    func body(named name: String) -> [UInt8] {
        zip(names, parts).first { $0.0 == name }?.1.body ?? []
    }
}
