import GraphQL
import Hummingbird
import HTTPTypes

extension GraphQLRequestHandler {
    /// A request refused before execution: a GraphQL-shaped error body with the rejection's status.
    static func response(for rejection: RequestRejection, mediaType: ResponseMediaType) -> Response {
        response(
            status: rejection.status,
            mediaType: mediaType,
            body: GraphQLResponseEncoding.encode(message: rejection.message, code: rejection.code),
            headers: rejection.headers
        )
    }

    /// Errors of the document itself (syntax, validation, variables): no `data`. With
    /// `application/graphql-response+json` that is a 400, with `application/json` a 200.
    static func requestErrorAnswer(_ errors: [GraphQLError], mediaType: ResponseMediaType) -> EncodedAnswer {
        EncodedAnswer(status: mediaType == .graphQLResponse ? .badRequest : .ok, body: GraphQLResponseEncoding.encode(data: nil, errors: errors))
    }

    static func response(status: HTTPResponse.Status, mediaType: ResponseMediaType, body: [UInt8], headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = mediaType.contentType
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Whether an execution result is a request error: the engine gives no `data` and no
    /// error has a path when the operation could not start (unknown operation name,
    /// variables of the wrong type), while a field error always has a path.
    static func isRequestError(_ result: GraphQLResult) -> Bool {
        result.data == nil && result.errors.allSatisfy { $0.path.elements.isEmpty }
    }
}
