@testable import ApogeeExampleServer
import Testing

/// The streaming multipart reader gives the same parts whatever the chunk sizes.
@Suite struct MultipartParserTests {
    static let body = Array(
        ("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nfirst\r\n--B\r\n"
            + "Content-Disposition: form-data; name=\"b\"; filename=\"x.bin\"\r\nContent-Type: image/png\r\n\r\n"
            + "se\r\n--Bcond\r\n--\r\n--B--\r\nepilogue").utf8
    )

    static func parts(chunkSize: Int) throws -> [(headers: [String: String], bytes: [UInt8])] {
        var parser = MultipartParser(boundary: "B")
        var parts: [(headers: [String: String], bytes: [UInt8])] = []
        var start = 0
        while start < body.count {
            let end = min(start + chunkSize, body.count)
            try parser.feed(body[start..<end]) { event in
                switch event {
                case .partStart(let headers): parts.append((headers, []))
                case .partBytes(let bytes): parts[parts.count - 1].bytes += bytes
                case .partEnd: break
                }
            }
            start = end
        }
        #expect(parser.isComplete)
        return parts
    }

    @Test(arguments: [1, 2, 3, 5, 7, 64, 10_000])
    func chunkSizeDoesNotMatter(chunkSize: Int) throws {
        let parts = try Self.parts(chunkSize: chunkSize)
        #expect(parts.count == 2)
        #expect(parts.first.map { MultipartParser.disposition($0.headers).name } == "a")
        #expect(parts.first?.bytes == Array("first".utf8))
        #expect(parts.last?.headers["content-type"] == "image/png")
        #expect(parts.last.map { MultipartParser.disposition($0.headers).fileName } == "x.bin")
        #expect(parts.last?.bytes == Array("se\r\n--Bcond\r\n--".utf8))
    }

    @Test("A quoted file name keeps its semicolons and a leading combining mark (found by FuzzMultipart)", arguments: [
        "a;b%22c", "\u{301}accent.txt", "x; filename=y", " spaced ",
    ])
    func quotedFileNames(fileName: String) {
        let headers = ["content-disposition": "form-data; name=\"0\"; filename=\"\(fileName)\""]
        let (name, readName) = MultipartParser.disposition(headers)
        #expect(name == "0")
        #expect(readName?.unicodeScalars.elementsEqual(fileName.unicodeScalars) == true, "\(String(describing: readName))")
    }

    @Test func boundaryIsReadFromTheContentType() {
        #expect(MultipartParser.boundary(ofContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartParser.boundary(ofContentType: #"multipart/form-data; charset=utf-8; boundary="a b""#) == "a b")
        #expect(MultipartParser.boundary(ofContentType: "application/json") == nil)
    }
}
