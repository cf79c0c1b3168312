import ApogeeAPI
import Foundation
import HTTPTypes

/// A GraphQL response read from an HTTP body, before its data is decoded into typed models.
struct GraphQLResponseBody: Sendable {
    /// The `data` object; `nil` when it is `null` or absent.
    var data: JSONObject?
    /// The `errors`, or `nil` when there are none.
    var errors: [GraphQLError]?
    /// The `extensions`, when present.
    var extensions: JSONObject?

    /// Reads a GraphQL response from JSON text, the way the GraphQL-over-HTTP specification
    /// describes: an object with `data`, `errors` or both.
    init(parsing bytes: Data) throws(InvalidResponseReason) {
        guard !bytes.isEmpty else { throw .emptyBody }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: bytes)
        } catch let error as JSONParsingError {
            throw .malformedJSON(error)
        } catch {
            throw .notAGraphQLResponse("\(error)")
        }
        guard let object = json.objectValue else {
            throw .notAGraphQLResponse("the top level is \(json.kindDescription), not an object")
        }
        try self.init(object: object)
    }

    /// Reads a GraphQL response already parsed into a JSON object: one from the network, or
    /// one a durable queue stored as a mutation's outcome.
    init(object: JSONObject) throws(InvalidResponseReason) {
        guard object["data"] != nil || object["errors"] != nil else {
            throw .notAGraphQLResponse("it has neither 'data' nor 'errors'")
        }
        switch object["data"] {
        case nil, .null?: data = nil
        case .object(let fields)?: data = fields
        case let other?: throw .notAGraphQLResponse("'data' is \(other.kindDescription), not an object")
        }
        switch object["errors"] {
        case nil, .null?: errors = nil
        case .array(let entries)?: errors = entries.isEmpty ? nil : try entries.map { entry throws(InvalidResponseReason) in try GraphQLError(json: entry) }
        case let other?: throw .notAGraphQLResponse("'errors' is \(other.kindDescription), not a list")
        }
        extensions = object["extensions"]?.objectValue
        guard data != nil || errors != nil else { throw .nullDataWithoutErrors }
    }
}
