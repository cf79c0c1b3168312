import ApogeeAPI
import HTTPTypes

extension GraphQLResult where Data: RootSelectionSet {
    /// Decodes the data of a response. When `data` does not fit the types, the error says
    /// where, and carries the response's GraphQL errors, which often explain why.
    init(decoding body: GraphQLResponseBody, httpResponse: HTTPResponse?) throws {
        let data: Data?
        do {
            data = try body.data?.decode(as: Data.self)
        } catch let error as ResponseDecodingError {
            throw ApogeeError.responseDecoding(error, graphQLErrors: body.errors ?? [])
        }
        self.init(data: data, errors: body.errors, extensions: body.extensions, source: .server, httpResponse: httpResponse)
        serverData = body.data
    }
}
