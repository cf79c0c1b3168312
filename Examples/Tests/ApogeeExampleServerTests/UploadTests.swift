@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// `uploadProfileImage(file: Upload!)` over the GraphQL multipart request spec.
@Suite struct UploadTests {
    static let upload = "mutation Upload($file: Upload!) { uploadProfileImage(file: $file) { email profileImage } }"

    static func send(
        _ server: ExampleServer,
        token: String?,
        files: [MultipartBody.File],
        map: JSONValue,
        variables: JSONValue = ["file": nil],
        headers: [String: String] = [:]
    ) async throws -> HTTPResult {
        let multipart = MultipartBody()
        let body = multipart.encode(operations: ["query": .string(upload), "variables": variables], map: map, files: files)
        var allHeaders = headers
        if let token { allHeaders["Authorization"] = token }
        return try await HTTPClient().post(server.rocketReserverURL, body: body, contentType: multipart.contentType, headers: allHeaders)
    }

    @Test func aFileArrivesByteForByteAndBecomesTheProfileImage() async throws {
        try await withServer { server in
            let token = try await logIn(server, email: "pic@example.com")
            let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let file = MultipartBody.File(field: "0", fileName: "me.png", mimeType: "image/png", bytes: bytes)
            let response = try await Self.send(server, token: token, files: [file], map: ["0": ["variables.file"]])
            #expect(response.status == 200, "\(response.text)")
            #expect(try response.json[path: "data", "uploadProfileImage"] == ["email": "pic@example.com", "profileImage": "me.png"])

            let received = try #require(server.receivedUploads.first)
            #expect(received.fileName == "me.png")
            #expect(received.mimeType == "image/png")
            #expect(received.byteCount == bytes.count)
            #expect(try Data(contentsOf: received.storedAt) == Data(bytes))
            let me = try await graphQL(server.rocketReserverURL, "{ me { profileImage } }", headers: ["Authorization": token])
            #expect(me[path: "data", "me", "profileImage"] == "me.png")
            #expect(server.recordedRequests.last?.operationName == nil)
        }
    }

    @Test func bodiesThatLookLikeBoundariesSurviveIntact() async throws {
        try await withServer { server in
            let token = try await logIn(server)
            let multipart = MultipartBody(boundary: "XyZ")
            // Partial delimiters, CRLFs and dashes inside the file must not end the part.
            let tricky = Array("\r\n--Xy\r\n--XyZZ\r\n-\r\n\r\n--X".utf8) + Array(repeating: 0x2D, count: 5_000)
            let body = multipart.encode(
                operations: ["query": .string(Self.upload), "variables": ["file": nil]],
                map: ["0": ["variables.file"]],
                files: [.init(field: "0", fileName: "tricky.bin", mimeType: "application/octet-stream", bytes: tricky)]
            )
            let response = try await HTTPClient().post(server.rocketReserverURL, body: body, contentType: multipart.contentType, headers: ["Authorization": token])
            #expect(response.status == 200, "\(response.text)")
            let received = try #require(server.receivedUploads.first)
            #expect(try Data(contentsOf: received.storedAt) == Data(tricky))
        }
    }

    @Test func uploadsNeedALogin() async throws {
        try await withServer { server in
            let file = MultipartBody.File(field: "0", fileName: "a.txt", mimeType: "text/plain", bytes: Array("hi".utf8))
            let response = try await Self.send(server, token: nil, files: [file], map: ["0": ["variables.file"]])
            #expect(try response.json[path: "errors", 0, "extensions", "code"] == "UNAUTHENTICATED")
        }
    }

    @Test func aMapNamingAMissingFileOrPathIsRefused() async throws {
        try await withServer { server in
            let token = try await logIn(server)
            let file = MultipartBody.File(field: "0", fileName: "a.txt", mimeType: "text/plain", bytes: Array("hi".utf8))
            let missingFile = try await Self.send(server, token: token, files: [], map: ["0": ["variables.file"]])
            #expect(missingFile.status == 400)
            let badPath = try await Self.send(server, token: token, files: [file], map: ["0": ["variables.list.3"]])
            #expect(badPath.status == 400)
        }
    }

    @Test func anUploadVariableWithoutAFileIsAnError() async throws {
        try await withServer { server in
            let token = try await logIn(server)
            let response = try await HTTPClient().post(
                server.rocketReserverURL,
                query: Self.upload,
                variables: ["file": "0"],
                headers: ["Authorization": token]
            )
            #expect(try response.json[path: "errors", 0, "extensions", "code"] == "BAD_USER_INPUT")
        }
    }

    @Test func thePreflightHeaderCanBeRequired() async throws {
        try await withServer(.init(requiresUploadPreflightHeader: true)) { server in
            let token = try await logIn(server)
            let file = MultipartBody.File(field: "0", fileName: "a.txt", mimeType: "text/plain", bytes: Array("hi".utf8))
            let refused = try await Self.send(server, token: token, files: [file], map: ["0": ["variables.file"]])
            #expect(refused.status == 400)
            let accepted = try await Self.send(server, token: token, files: [file], map: ["0": ["variables.file"]], headers: ["Apollo-Require-Preflight": "true"])
            #expect(try accepted.json[path: "data", "uploadProfileImage", "profileImage"] == "a.txt")
        }
    }
}
