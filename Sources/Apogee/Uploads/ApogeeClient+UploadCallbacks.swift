import ApogeeAPI
import Dispatch

extension ApogeeClient {
    /// Sends a mutation with files matched to its variables by field name and calls
    /// `resultHandler` with the outcome, as Apollo iOS does:
    ///
    /// ```swift
    /// client.upload(mutation: UploadFileMutation(file: file.upload), files: [file]) { result in
    ///     switch result {
    ///     case .success(let graphQLResult): print("ID: \(graphQLResult.data?.singleUpload.id)")
    ///     case .failure(let error): print("error: \(error)")
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - mutation: The mutation whose variables hold the files.
    ///   - files: The files, each named by the variable path it fills.
    ///   - context: Values for the interceptors of this request.
    ///   - queue: Where to call the handler; by default it is called from the task that ran the
    ///     request. Pass `.main` to update a user interface.
    ///   - progress: Called as the body is sent, from the thread that reads it.
    ///   - resultHandler: Required, as for every completion-handler form of a mutation, and
    ///     last, so that a trailing closure is the result handler and not the progress handler.
    /// - Returns: A handle that cancels the upload.
    @discardableResult
    public func upload<Mutation: GraphQLMutation>(
        mutation: Mutation,
        files: [GraphQLFile],
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        progress: UploadProgressHandler? = nil,
        resultHandler: @escaping GraphQLResultHandler<Mutation.Data>
    ) -> any Cancellable {
        let context = Self.context(context, progress: progress)
        do {
            let withFiles = try FileFieldMutation(base: mutation, files: files)
            return perform(mutation: withFiles, context: context, queue: queue, resultHandler: resultHandler)
        } catch {
            // A misnamed file is reported like any failure, through the handler.
            return TaskCancellable(Task {
                let failure: Result<GraphQLResult<Mutation.Data>, any Error> = .failure(error)
                if let queue {
                    queue.async { resultHandler(failure) }
                } else {
                    resultHandler(failure)
                }
            })
        }
    }
}
