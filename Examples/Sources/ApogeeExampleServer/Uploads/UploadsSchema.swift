import Graphiti

/// A small schema for testing uploads beyond RocketReserver's single file: lists of files and
/// files inside nested input objects. Served at `/uploads/graphql`; its SDL is
/// `Examples/Tests/UploadFixtures/schema.graphqls`.
enum UploadsSchema {
    static func make() throws -> Schema<UploadsResolver, UploadsContext> {
        try Schema<UploadsResolver, UploadsContext> {
            UploadReference.scalar()
            Type(ReceivedFile.self, as: "File") {
                Field("fileName", at: \.fileName)
                Field("mimeType", at: \.mimeType)
                Field("byteCount", at: \.byteCount)
                Field("sha256", at: ReceivedFile.sha256)
                    .description("The hex SHA-256 of the bytes received.")
            }
            Type(ReceivedDocument.self, as: "Document") {
                Field("title", at: \.title)
                Field("caption", at: \.caption)
                Field("file", at: \.file)
            }
            Input(AttachmentInput.self) {
                InputField("file", at: \.file)
                InputField("caption", at: \.caption)
            }
            Input(DocumentInput.self) {
                InputField("title", at: \.title)
                InputField("attachment", at: \.attachment)
            }
            Query {
                Field("uploadCount", at: UploadsResolver.uploadCount)
                    .description("How many files this server has received.")
            }
            Mutation {
                Field("uploadFile", at: UploadsResolver.uploadFile) {
                    Argument("file", at: \.file)
                }
                Field("uploadFiles", at: UploadsResolver.uploadFiles) {
                    Argument("files", at: \.files)
                }
                Field("uploadDocument", at: UploadsResolver.uploadDocument) {
                    Argument("input", at: \.input)
                }
            }
        }
    }
}
