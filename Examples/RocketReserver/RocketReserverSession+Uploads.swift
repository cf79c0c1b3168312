import Apogee
import Foundation
import RocketReserverAPI

extension RocketReserverSession {
    /// Uploads a picture as the user's profile image, showing the bytes sent as they go. The
    /// token interceptor adds the token to the upload as to any request.
    @discardableResult
    func uploadProfileImage(_ url: URL, mimeType: String) async throws -> String? {
        let upload = Upload(fileURL: url, mimeType: mimeType)
        let progress = ProgressLine()
        let result: GraphQLResult<UploadProfileImageMutation.Data>
        do {
            result = try await client.upload(mutation: UploadProfileImageMutation(file: upload)) { progress.show($0) }
        } catch let error as UploadError {
            throw ExampleFailure("\(error)")
        }
        try result.throwIfErrors()
        guard let user = result.data?.uploadProfileImage else {
            throw ExampleFailure("the server did not accept the image; log in first")
        }
        print("Uploaded \(url.lastPathComponent) (\(mimeType)); profileImage of \(user.email) is now \(user.profileImage ?? "none").")
        return user.profileImage
    }

    /// The logged-in user, as `me` returns it.
    func showMe() async throws {
        let result = try await client.fetch(query: MeQuery())
        try result.throwIfErrors()
        guard let me = result.data?.me else { throw ExampleFailure("not logged in") }
        print("me: \(me.email), profileImage \(me.profileImage ?? "none"), \(me.trips.count) trip(s) booked.")
    }
}
