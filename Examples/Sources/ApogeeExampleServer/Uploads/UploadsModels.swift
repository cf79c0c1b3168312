import ApogeeAPI
import Crypto
import Foundation
import Graphiti

/// What the uploads schema's resolvers know about one request: the files it carried.
struct UploadsContext: Sendable {
    /// Files of the multipart request, by the key the `Upload` variables were replaced with.
    let uploads: [String: UploadedFile]
    /// Every file the server has received, for `uploadCount`.
    let receivedCount: @Sendable () -> Int

    /// The file an `Upload` variable names, or an error a client can act on.
    func file(_ reference: UploadReference) throws -> ReceivedFile {
        guard let file = uploads[reference.key] else {
            throw ResolverError.badInput("No file was sent for the Upload variable (form field \"\(reference.key)\").")
        }
        return ReceivedFile(file)
    }
}

/// A received file as the schema's `File` type shows it.
struct ReceivedFile: Sendable {
    let fileName: String
    let mimeType: String
    let byteCount: Int
    let storedAt: URL

    init(_ file: UploadedFile) {
        fileName = file.fileName
        mimeType = file.mimeType
        byteCount = file.byteCount
        storedAt = file.storedAt
    }

    /// Hashes the stored bytes only when asked for, so a large upload that selects only its
    /// size is not read back.
    func sha256(context: UploadsContext, arguments: NoArguments) throws -> String {
        let bytes = try Data(contentsOf: storedAt)
        return SHA256.hash(data: bytes).lowercaseHex
    }
}

/// The schema's `Document`: a titled attachment.
struct ReceivedDocument: Sendable {
    let title: String
    let caption: String?
    let file: ReceivedFile
}

/// `input AttachmentInput { file: Upload!, caption: String }`
struct AttachmentInput: Codable, Sendable {
    let file: UploadReference
    let caption: String?
}

/// `input DocumentInput { title: String!, attachment: AttachmentInput! }`
struct DocumentInput: Codable, Sendable {
    let title: String
    let attachment: AttachmentInput
}

