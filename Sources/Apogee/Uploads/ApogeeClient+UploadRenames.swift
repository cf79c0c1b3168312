import ApogeeAPI
import Dispatch

/// The names Apollo iOS gives the file-list uploads, kept for code moved from it; the
/// argument is a mutation, and the client's other methods call it so.
extension ApogeeClient {
    /// Sends a mutation with files matched to its variables by field name.
    @available(*, deprecated, renamed: "upload(mutation:files:context:)")
    public func upload<Mutation: GraphQLMutation>(
        operation: Mutation,
        files: [GraphQLFile],
        context: RequestContext = RequestContext()
    ) async throws -> GraphQLResult<Mutation.Data> {
        try await upload(mutation: operation, files: files, context: context)
    }

    /// Sends a mutation with files matched to its variables by field name, and calls
    /// `resultHandler` with the outcome.
    @available(*, deprecated, renamed: "upload(mutation:files:context:queue:progress:resultHandler:)")
    @discardableResult
    public func upload<Mutation: GraphQLMutation>(
        operation: Mutation,
        files: [GraphQLFile],
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        progress: UploadProgressHandler? = nil,
        resultHandler: @escaping GraphQLResultHandler<Mutation.Data>
    ) -> any Cancellable {
        upload(mutation: operation, files: files, context: context, queue: queue, progress: progress, resultHandler: resultHandler)
    }

    /// Starts an upload of a mutation with files, and returns its progress and result.
    @available(*, deprecated, renamed: "uploadTask(mutation:files:context:)")
    public func uploadTask<Mutation: GraphQLMutation>(operation: Mutation, files: [GraphQLFile], context: RequestContext = RequestContext()) -> UploadTask<Mutation.Data> {
        uploadTask(mutation: operation, files: files, context: context)
    }
}
