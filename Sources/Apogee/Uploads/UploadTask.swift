import ApogeeAPI

/// An upload in progress: its progress as an `AsyncSequence`, and its result.
///
/// ```swift
/// let upload = client.uploadTask(mutation: UploadFilesMutation(files: uploads))
/// for await progress in upload.progress {
///     print("\(progress.bytesSent) of \(progress.totalBytes) bytes")
/// }
/// let result = try await upload.value
/// ```
///
/// The upload starts at once, whether or not anyone reads ``progress``. A slow reader gets the
/// newest report, not every one; the last report has ``UploadProgress/isComplete`` set when the
/// whole body was sent. The sequence ends when the upload ends.
public struct UploadTask<Data: Sendable>: Sendable, Cancellable {
    /// Reports of the bytes sent, ending when the upload succeeds, fails or is cancelled.
    public let progress: AsyncStream<UploadProgress>
    private let task: Task<GraphQLResult<Data>, any Error>

    init(start: @escaping @Sendable (_ progress: @escaping UploadProgressHandler) async throws -> GraphQLResult<Data>) {
        let (progress, continuation) = AsyncStream.makeStream(of: UploadProgress.self, bufferingPolicy: .bufferingNewest(1))
        self.progress = progress
        task = Task {
            defer { continuation.finish() }
            return try await start { continuation.yield($0) }
        }
    }

    /// The result; cancelling the task that waits for it cancels the upload.
    public var value: GraphQLResult<Data> {
        get async throws {
            try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    /// Stops the upload; ``value`` then throws `CancellationError`.
    public func cancel() {
        task.cancel()
    }
}

extension ApogeeClient {
    /// Starts sending a mutation whose variables hold `Upload` values, and returns its
    /// progress and result. See ``UploadTask``.
    public func uploadTask<Mutation: GraphQLMutation>(mutation: Mutation, context: RequestContext = RequestContext()) -> UploadTask<Mutation.Data> {
        UploadTask { progress in
            try await self.upload(mutation: mutation, context: context, progress: progress)
        }
    }

    /// Starts sending a mutation with files matched to its variables by field name (see
    /// `upload(mutation:files:)`), and returns its progress and result.
    public func uploadTask<Mutation: GraphQLMutation>(mutation: Mutation, files: [GraphQLFile], context: RequestContext = RequestContext()) -> UploadTask<Mutation.Data> {
        UploadTask { progress in
            try await self.upload(mutation: mutation, files: files, context: Self.context(context, progress: progress))
        }
    }
}
