import ApogeeAPI
import Dispatch

extension ApogeeClient {
    /// Sends a mutation with files matched to its variables by field name and calls
    /// `resultHandler` with the outcome, as the reference documents:
    ///
    /// ```swift
    /// client.upload(operation: UploadFileMutation(file: file.upload), files: [file]) { result in
    ///     switch result {
    ///     case .success(let graphQLResult): print("ID: \(graphQLResult.data?.singleUpload.id)")
    ///     case .failure(let error): print("error: \(error)")
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - context: Values for the interceptors of this request.
    ///   - queue: Where to call the handler; by default it is called from the task that ran the
    ///     request. Pass `.main` to update a user interface.
    ///   - progress: Called as the body is sent, from the thread that reads it.
    /// - Returns: A handle that cancels the upload.
    @discardableResult
    public func upload<Mutation: GraphQLMutation>(
        operation: Mutation,
        files: [GraphQLFile],
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        progress: UploadProgressHandler? = nil,
        resultHandler: GraphQLResultHandler<Mutation.Data>? = nil
    ) -> any Cancellable {
        let context = Self.context(context, progress: progress)
        do {
            let withFiles = try FileFieldMutation(base: operation, files: files)
            return perform(mutation: withFiles, context: context, queue: queue, resultHandler: resultHandler)
        } catch {
            // A misnamed file is reported like any failure, through the handler.
            return Task {
                guard let resultHandler else { return }
                let failure: Result<GraphQLResult<Mutation.Data>, any Error> = .failure(error)
                if let queue {
                    queue.async { resultHandler(failure) }
                } else {
                    resultHandler(failure)
                }
            }
        }
    }

    /// Sends a mutation whose variables hold ``Upload`` values and calls `resultHandler` with
    /// the outcome.
    /// - Parameters:
    ///   - context: Values for the interceptors of this request.
    ///   - queue: Where to call the handler; by default it is called from the task that ran the
    ///     request.
    ///   - progress: Called as the body is sent, from the thread that reads it.
    /// - Returns: A handle that cancels the upload.
    @discardableResult
    public func upload<Mutation: GraphQLMutation>(
        mutation: Mutation,
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        progress: UploadProgressHandler? = nil,
        resultHandler: GraphQLResultHandler<Mutation.Data>? = nil
    ) -> any Cancellable {
        perform(mutation: mutation, context: Self.context(context, progress: progress), queue: queue, resultHandler: resultHandler)
    }
}
