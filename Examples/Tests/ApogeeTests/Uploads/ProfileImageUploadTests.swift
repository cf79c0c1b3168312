@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import RocketReserverAPI
import TestSupport
import Testing

@Suite("uploadProfileImage: uploads through the interceptors, with the user's token")
struct ProfileImageUploadTests {
    @Test("The token interceptor adds the token to an upload, and the image becomes the profile image")
    func authorizedUpload() async throws {
        let folder = try TemporaryFolder()
        let image = try folder.patternedFile("avatar.png", count: 2_048)
        try await withServer { server in
            let tokens = InMemoryTokenStore()
            let client = server.client(provider: NetworkInterceptorProvider(tokens: tokens))
            let login = try await client.perform(mutation: LoginMutation(email: "uploader@example.com"))
            let token = try #require(login.data?.login?.token)
            await tokens.setToken(token)

            let upload = Upload(fileURL: image, mimeType: "image/png")
            let result = try await client.upload(mutation: UploadProfileImageMutation(file: upload))
            #expect(result.errors == nil)
            #expect(result.data?.uploadProfileImage?.email == "uploader@example.com")
            #expect(result.data?.uploadProfileImage?.profileImage == "avatar.png")
            let request = try #require(server.recordedRequests.last)
            #expect(request.header("Authorization") == token)
            #expect(request.header("Content-Type")?.hasPrefix("multipart/form-data") == true)
            let received = try #require(server.receivedUploads.first)
            #expect(received.mimeType == "image/png")
            #expect(try server.storedBytes(of: received) == Array(try Data(contentsOf: image)))

            let me = try await client.fetch(query: MeQuery())
            #expect(me.data?.me?.profileImage == "avatar.png")
        }
    }

    @Test("Without a token the server refuses the upload with its GraphQL error")
    func unauthenticatedUpload() async throws {
        try await withServer { server in
            let upload = Upload(data: Data([0x89, 0x50, 0x4E, 0x47]), fileName: "avatar.png", mimeType: "image/png")
            let result = try await server.client().perform(mutation: UploadProfileImageMutation(file: upload))
            #expect(result.data?.uploadProfileImage == nil)
            #expect(result.errors?.first?.code == "UNAUTHENTICATED")
            #expect(server.recordedRequests.last?.header("Authorization") == nil)
        }
    }
}
