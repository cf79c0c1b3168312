import ApogeeAPI
import HTTPTypes

/// The way out of the client, in the order a request takes it: the request the chain starts
/// from, with the client's defaults, then the chain.
extension ApogeeClient {
    /// The request the chain starts from: the operation at the endpoint, with the configured
    /// header fields, the method its kind allows and the error behaviour asked for.
    func makeRequest<Operation: GraphQLOperation>(for operation: Operation, context: RequestContext) -> GraphQLRequest<Operation> {
        var headers = configuration.headers
        headers[.accept] = GraphQLRequest<Operation>.acceptedMediaTypes
        if let key = context.idempotencyKey { headers[.idempotencyKey] = key }
        let method: HTTPRequest.Method = Operation.operationType == .query && configuration.useGETForQueries ? .get : .post
        var request = GraphQLRequest(operation: operation, endpoint: url, method: method, headers: headers, timeout: configuration.timeout, context: context)
        request.body.onError = context.onError ?? configuration.onError
        request.context = withUploadDefaults(request.context, hasFiles: request.body.containsUploads)
        return request
    }

    /// The context with the client's upload settings where the call set none, for a request
    /// that has files. The default header needs no entry, so most requests pay nothing for
    /// this, not even the look for files.
    func withUploadDefaults(_ context: RequestContext, hasFiles: @autoclosure () -> Bool) -> RequestContext {
        guard configuration.uploadPreflightHeader != UploadPreflightHeaderKey.defaultValue,
            !context.hasValue(for: UploadPreflightHeaderKey.self),
            hasFiles()
        else { return context }
        var context = context
        context.uploadPreflightHeader = configuration.uploadPreflightHeader
        return context
    }

    /// Runs a request built by ``makeRequest(for:context:)`` through a chain of
    /// `interceptors` (the provider's for the operation), then through a fresh chain from the
    /// provider each time an interceptor throws ``RestartChain`` before the stream opens, up
    /// to the configured limit.
    func sendForResults<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        through interceptors: [any GraphQLInterceptor]
    ) async throws -> GraphQLResultStream<Operation.Data> {
        var request = request
        var interceptors = interceptors
        while true {
            let chain = InterceptorChain<Operation>(interceptors: interceptors, network: networkTransport)
            do {
                return try await chain.proceed(request)
            } catch let restart as RestartChain {
                guard request.context.chainRestarts < configuration.maximumChainRestarts else {
                    throw ApogeeError.tooManyChainRestarts(limit: configuration.maximumChainRestarts, lastReason: restart.reason)
                }
                request.context.chainRestarts += 1
                interceptors = interceptorProvider.interceptors(for: request.operation)
            }
        }
    }
}
