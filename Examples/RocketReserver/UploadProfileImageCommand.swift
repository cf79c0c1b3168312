import Apogee
import ArgumentParser
import Foundation

/// `rocket-reserver upload-profile-image PATH`: uploads a picture with the saved token.
struct UploadProfileImageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload-profile-image",
        abstract: "Upload a profile image (log in first); the file is streamed, not read into memory."
    )

    @OptionGroup var endpoint: EndpointOptions
    @OptionGroup var store: StoreOptions
    @Argument(help: "The image file.") var path: String
    @Option(help: "The MIME type; guessed from the file's extension when left out.") var mimeType: String?

    func run() async throws {
        let url = URL(fileURLWithPath: path)
        let session = try await RocketReserverSession.forStep(endpoint, store)
        try await session.uploadProfileImage(url, mimeType: mimeType ?? ProfileImage.mimeType(of: url))
    }
}
