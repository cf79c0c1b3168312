import ApogeeAPI
import Dispatch

/// Apollo iOS's spelling of the file-list upload with a result handler, as its documentation
/// shows it (`client.upload(operation:files:) { result in … }`), for code moved from it.
extension ApogeeClient {
    /// Sends a mutation with files matched to its variables by field name, and calls
    /// `resultHandler` with the outcome: Apollo iOS's name for
    /// ``upload(mutation:files:context:queue:progress:resultHandler:)``.
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
}
