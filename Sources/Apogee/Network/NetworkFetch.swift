import ApogeeAPI
import Foundation
import HTTPTypes

/// The end of every interceptor chain: writes the HTTP request, sends it, reads the GraphQL
/// response and decodes its data into the operation's types.
struct NetworkFetch: Sendable {
    let transport: any HTTPTransport

    func fetch<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data> {
        let response = try await transport.send(try request.httpRequest())
        let body = try response.graphQLBody()
        return try Self.result(of: body, httpResponse: response.head, as: Operation.Data.self)
    }

    /// Decodes the data of a response. When `data` does not fit the types, the error says
    /// where, and carries the response's GraphQL errors, which often explain why.
    static func result<Data: RootSelectionSet>(of body: GraphQLResponseBody, httpResponse: HTTPResponse?, as type: Data.Type) throws -> GraphQLResult<Data> {
        var data: Data?
        if let json = body.data {
            do {
                data = try Data(json: json)
            } catch let error as ResponseDecodingError {
                throw ApogeeError.responseDecoding(error, graphQLErrors: body.errors ?? [])
            }
        }
        var result = GraphQLResult(data: data, errors: body.errors, extensions: body.extensions, source: .server, httpResponse: httpResponse)
        result.dataJSON = body.data
        return result
    }
}
