import ApogeeAPI
import Hummingbird
import HTTPTypes

extension GraphQLRequestHandler {
    /// The operations of a batched request, in Apollo Server's format: a `POST` whose JSON
    /// body is an array of request objects. `nil` when the request is not a batch.
    static func batch(in body: [UInt8], method: HTTPRequest.Method, contentType: String?) -> [Result<GraphQLHTTPRequest, RequestRejection>]? {
        guard method == .post, contentType?.lowercased().hasPrefix("application/json") == true,
            body.first(where: { ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains($0) }) == UInt8(ascii: "["),
            let elements = (try? JSONValue(parsing: body))?.arrayValue
        else { return nil }
        return elements.map { element in
            Result { () throws(RequestRejection) -> GraphQLHTTPRequest in try GraphQLHTTPRequest(json: element) }
        }
    }

    /// Runs a batch's operations one after the other, in the order sent, so mutations apply
    /// in that order, and answers a JSON array of their results in the same order. An
    /// operation that cannot run gets its error in its place; the others still run.
    func executeBatch(_ operations: [Result<GraphQLHTTPRequest, RequestRejection>], headers: HTTPFields, mediaType: ResponseMediaType) async throws -> Response {
        guard !operations.isEmpty else {
            return Self.response(for: RequestRejection(status: .badRequest, message: "A batch needs at least one operation."), mediaType: mediaType)
        }
        var answer: [UInt8] = [UInt8(ascii: "[")]
        for (index, operation) in operations.enumerated() {
            if index > 0 { answer.append(UInt8(ascii: ",")) }
            do {
                answer += try await self.answer(operation.get(), method: .post, headers: headers, mediaType: mediaType).body
            } catch let rejection as RequestRejection {
                answer += GraphQLResponseEncoding.encode(message: rejection.message, code: rejection.code)
            }
        }
        answer.append(UInt8(ascii: "]"))
        return Self.response(status: .ok, mediaType: mediaType, body: answer)
    }
}
