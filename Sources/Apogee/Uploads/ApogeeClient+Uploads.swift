import ApogeeAPI

extension ApogeeClient {
    /// Sends a mutation whose variables hold `Upload` values, reporting the bytes sent.
    ///
    /// `perform(mutation:)` sends files too; this adds the progress handler. Uploads may stand
    /// anywhere in the variables (a variable, a list, a nested input object); each file is sent
    /// once however often it appears, streamed from disk as a GraphQL multipart request.
    ///
    /// ```swift
    /// let image = Upload(fileURL: url, mimeType: "image/png")
    /// let result = try await client.upload(mutation: UploadProfileImageMutation(file: image)) { progress in
    ///     print("\(Int(progress.fractionCompleted * 100)) %")
    /// }
    /// ```
    /// - Parameters:
    ///   - mutation: The generated mutation.
    ///   - context: Values for the interceptors of this request.
    ///   - progress: Called from the thread that reads the body as it is sent; must return quickly.
    /// - Throws: ``UploadError`` when a file is missing or unreadable (before anything is
    ///   sent), and whatever `perform(mutation:)` throws.
    public func upload<Mutation: GraphQLMutation>(
        mutation: Mutation,
        context: RequestContext = RequestContext(),
        progress: UploadProgressHandler? = nil
    ) async throws -> GraphQLResult<Mutation.Data> {
        try await perform(mutation: mutation, context: Self.context(context, progress: progress))
    }

    /// Sends a mutation with files matched to its variables by field name, as Apollo iOS's
    /// `upload(operation:files:)` does.
    ///
    /// Each file goes to the top-level variable its ``GraphQLFile/fieldName`` names, replacing
    /// what the operation holds there; several files with one field name fill a list variable
    /// in order. Unlike Apollo iOS, Apogee checks the names: a field name that names no
    /// variable fails with ``UploadError/unknownFileField(_:operationName:)``.
    ///
    /// ```swift
    /// let result = try await client.upload(mutation: UploadFileMutation(file: file.upload), files: [file])
    /// ```
    ///
    /// It takes no progress closure, so that `upload(mutation:files:) { result in … }` means the
    /// completion-handler form as in Apollo iOS; set ``RequestContext/uploadProgress`` or use
    /// ``uploadTask(mutation:files:context:)`` to follow progress.
    public func upload<Mutation: GraphQLMutation>(
        mutation: Mutation,
        files: [GraphQLFile],
        context: RequestContext = RequestContext()
    ) async throws -> GraphQLResult<Mutation.Data> {
        try await perform(mutation: try FileFieldMutation(base: mutation, files: files), context: context)
    }

    static func context(_ context: RequestContext, progress: UploadProgressHandler?) -> RequestContext {
        guard let progress else { return context }
        var context = context
        context.uploadProgress = progress
        return context
    }
}
