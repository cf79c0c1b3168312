/// The handler of a completion-handler call: the result, or why there is none.
public typealias GraphQLResultHandler<Data: Sendable> = @Sendable (Result<GraphQLResult<Data>, any Error>) -> Void
