import Graphiti

/// The root fields of the uploads schema. Each mutation answers what arrived, so tests can
/// check names, MIME types, sizes and bytes.
struct UploadsResolver: Sendable {
    func uploadCount(context: UploadsContext, arguments: NoArguments) -> Int {
        context.receivedCount()
    }

    struct FileArguments: Codable, Sendable {
        let file: UploadReference
    }

    func uploadFile(context: UploadsContext, arguments: FileArguments) throws -> ReceivedFile {
        try context.file(arguments.file)
    }

    struct FilesArguments: Codable, Sendable {
        let files: [UploadReference]
    }

    func uploadFiles(context: UploadsContext, arguments: FilesArguments) throws -> [ReceivedFile] {
        try arguments.files.map(context.file)
    }

    struct DocumentArguments: Codable, Sendable {
        let input: DocumentInput
    }

    func uploadDocument(context: UploadsContext, arguments: DocumentArguments) throws -> ReceivedDocument {
        let input = arguments.input
        return ReceivedDocument(title: input.title, caption: input.attachment.caption, file: try context.file(input.attachment.file))
    }
}
